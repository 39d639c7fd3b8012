/**
 * What every projection shares: an event type it does not know changes nothing. Each read model's
 * own projection tests sit in its folder (services/projector/src/read-models/<name>/).
 */
import type { KoboEvent } from '@kobo/ledger';
import { projections } from '../src/read-models';
import { recorded } from './support';

it('every projection ignores an event type it does not know', () => {
  const future = recorded({ type: 'SomethingNew', data: { userId: 'u1' } } as unknown as KoboEvent);
  for (const projection of projections) expect(projection.handle(future)).toEqual([]);
});
