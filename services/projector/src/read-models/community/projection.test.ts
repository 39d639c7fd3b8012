/**
 * The community projection as a pure function (an update changes only the links it names), and its
 * table as the migrations make it: a column for every field of CommunityLinksRow, and no other.
 */
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { columnsOf, recorded, setOf } from '../../../test/support';
import { community, type CommunityLinksRow } from './projection';

it('sets only the links an update names, on the one row', () => {
  const updated = recorded(
    {
      type: 'CommunitySettingsUpdated',
      data: { changes: { email: 'help@kobo.ng' }, by: { role: 'admin', id: 'a1' } as const },
    },
    'community',
  );
  const [op] = community.handle(updated);
  expect(op).toEqual(expect.objectContaining({ kind: 'upsert', table: 'community_links', key: { id: 1 } }));
  const set = Object.fromEntries(Object.entries(setOf(op!)).filter(([, value]) => value !== undefined));
  expect(set).toEqual({
    email: 'help@kobo.ng',
    updated_at: updated.recordedAt.toISOString(),
    updated_by: 'a1',
  });
});

describe('the table', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const columns = {
    id: true,
    email: true,
    whatsapp_channel: true,
    telegram_channel: true,
    facebook_page: true,
    instagram_account: true,
    twitter_account: true,
    youtube_channel: true,
    updated_at: true,
    updated_by: true,
  } satisfies Record<keyof CommunityLinksRow, true>;

  it('has a column for every field of CommunityLinksRow, and no other', async () => {
    expect(await columnsOf(db.pool, 'community_links')).toEqual(Object.keys(columns).sort());
  });
});
