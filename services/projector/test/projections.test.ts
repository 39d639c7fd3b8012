/**
 * The projections as pure functions: given one recorded event, the row operations they return.
 * The events are the user decider's real output (postings included), not hand-written fixtures.
 */
import type { KoboEvent } from '@kobo/ledger';
import { ledgerEntries, projections } from '../src/projections';
import { at, recorded, reward } from './support';

describe('ledger_entries', () => {
  it('writes one journal row per posting, numbered within the event', () => {
    const event = reward(5000);
    expect(ledgerEntries.handle(event)).toEqual([
      {
        kind: 'insert',
        table: 'ledger_entries',
        row: {
          global_position: event.globalPosition,
          posting_index: 0,
          event_id: event.id,
          event_type: 'RewardCredited',
          account: 'campaign:c1:escrow',
          amount: -5000,
          recorded_at: at.toISOString(),
        },
      },
      expect.objectContaining({
        row: expect.objectContaining({ posting_index: 1, account: 'user:u1:account', amount: 5000 }),
      }),
    ]);
  });

  it('writes nothing for an event without postings', () => {
    expect(
      ledgerEntries.handle(recorded({ type: 'UserRoleSet', data: { userId: 'u1', role: 'admin' } })),
    ).toEqual([]);
  });
});

it('every projection ignores an event type it does not know', () => {
  const future = recorded({ type: 'SomethingNew', data: { userId: 'u1' } } as unknown as KoboEvent);
  for (const projection of projections) expect(projection.handle(future)).toEqual([]);
});
