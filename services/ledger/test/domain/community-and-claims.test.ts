import { communityDecider } from '../../src/domain/community/decider';
import { uniqueValueDecider } from '../../src/domain/unique/decider';
import { specFor } from './support/spec';

const community = specFor(communityDecider);
const unique = specFor(uniqueValueDecider);

describe('community links', () => {
  it('records the fields that change, as typed', () => {
    community
      .given([])
      .when({
        type: 'UpdateCommunityLinks',
        data: {
          changes: { whatsappChannel: 'https://wa.me/x ', email: '' },
          by: { role: 'admin', id: '1' } as const,
        },
      })
      .then([
        {
          type: 'CommunitySettingsUpdated',
          data: { changes: { whatsappChannel: 'https://wa.me/x ' }, by: { role: 'admin', id: '1' } as const },
        },
      ]);
  });

  it('covers the seven fields and ignores anything else', () => {
    const changes = {
      email: 'help@kobo.ng',
      whatsappChannel: 'w',
      telegramChannel: 't',
      facebookPage: 'f',
      instagramAccount: 'i',
      twitterAccount: 'x',
      youtubeChannel: 'y',
    };
    community
      .given([])
      .when({
        type: 'UpdateCommunityLinks',
        data: { changes: { ...changes, tiktok: 'nope' } as never, by: { role: 'admin', id: 'a' } as const },
      })
      .then([
        { type: 'CommunitySettingsUpdated', data: { changes, by: { role: 'admin', id: 'a' } as const } },
      ]);
    community
      .given([
        { type: 'CommunitySettingsUpdated', data: { changes, by: { role: 'admin', id: 'a' } as const } },
      ])
      .when({ type: 'UpdateCommunityLinks', data: { changes, by: { role: 'admin', id: 'a' } as const } })
      .thenNothing();
  });
});

describe('uniqueness claims', () => {
  const claim = (userId: string) => ({
    type: 'ClaimUniqueValue' as const,
    data: { kind: 'username' as const, value: 'Ada_Obi', userId },
  });
  const release = (userId: string) => ({
    type: 'ReleaseUniqueValue' as const,
    data: { kind: 'username' as const, value: 'Ada_Obi', userId },
  });
  const claimed = {
    type: 'UniqueValueClaimed' as const,
    data: { kind: 'username' as const, value: 'ada_obi', userId: 'u1' },
  };

  it('claims a free value, case-insensitively', () => {
    unique.given([]).when(claim('u1')).then([claimed]);
  });

  it('the holder claiming again is a no-op; anyone else is refused', () => {
    unique.given([claimed]).when(claim('u1')).thenNothing();
    unique
      .given([claimed])
      .when(claim('u2'))
      .thenThrows({ code: 'conflict', message: 'Username is already taken' });
  });

  it('only the holder releases', () => {
    unique.given([claimed]).when(release('u2')).thenNothing();
    unique
      .given([claimed])
      .when(release('u1'))
      .then([{ type: 'UniqueValueReleased', data: claimed.data }]);
  });
});
