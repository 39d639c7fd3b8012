/** Reads the ledger account names of money.ts back into their owner and kind. */

const userAccount = /^user:(.+):(account|activity|hold)$/;
const campaignEscrow = /^campaign:(.+):escrow$/;

export type UserBalanceKind = 'account' | 'activity' | 'hold';

export function parseUserAccount(account: string): { userId: string; kind: UserBalanceKind } | null {
  const match = userAccount.exec(account);
  return match ? { userId: match[1]!, kind: match[2] as UserBalanceKind } : null;
}

export function parseCampaignEscrow(account: string): string | null {
  const match = campaignEscrow.exec(account);
  return match ? match[1]! : null;
}
