/**
 * A saved snapshot is read back only by a decider of the same kind ('name@shape'). When the saved
 * form of a state (its JSON) changes, its kind must change too, or a new process would misread old
 * snapshots: this test fails on a new shape until the kind is bumped (and the shape below updated
 * with it). A saved state also reads back as the state it was saved from.
 */
import { campaignDecider } from '../../src/domain/campaign/decider';
import { userDecider } from '../../src/domain/user/decider';

/** The state's fields and the type of each, nested objects included (records of entries are empty). */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return ['array'];
  if (typeof value !== 'object') return typeof value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, field]) => [key, shapeOf(field)]),
  );
}

const known: Record<string, string> = {
  // user@7: user@6's fields and staffInvolved (who created the account or changed its balance).
  // user@6 let an adjustment request say its target and be 'replaced'; user@5 added directAdjustments.
  'user@7':
    '{"adjustmentRequests":{},"adjustments":{},"approvedTasks":"number","balances":{"account":"number","activity":"number","hold":"number"},"bankDetails":"null","bankDetailsChangedAt":"null","directAdjustments":["array"],"email":"string","existence":"string","firstName":"string","lastName":"string","phone":"string","referralBonuses":{},"referralCode":"string","referredBy":"null","role":"string","staffInvolved":["array"],"status":"string","userId":"string","username":"string","withdrawals":{}}',
  // campaign@2 added the approval of its total reward.
  'campaign@2':
    '{"approval":"null","approvalRequests":"number","approved":"number","approvedTotal":"number","byUser":{},"campaignId":"string","completed":"number","details":{"estimatedMinutes":"number","image":"null","instructions":"string","platform":"string","price":"number","title":"string","units":"number","url":"string","variation":"string"},"escrow":"number","existence":"string","pending":"number","pendingRewards":"number","status":"string","submissions":{}}',
};

test.each([
  ['user', userDecider],
  ['campaign', campaignDecider],
] as const)('the %s state has the shape its snapshot kind was saved with', (_name, decider) => {
  const saved: unknown = JSON.parse(JSON.stringify(decider.initialState()));
  const shape = JSON.stringify(shapeOf(saved));
  const kind = decider.snapshot!.kind;
  expect({ kind, shape }).toEqual({ kind, shape: known[kind] });
});
