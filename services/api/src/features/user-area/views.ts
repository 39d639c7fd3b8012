/** Read-model rows as the client reads them: camelCase names, naira amounts, ISO dates. */
import { bankCodeOf, type UserState, koboToNaira, withdrawalStateOf } from '@kobo/ledger';
import type { Config } from '@kobo/platform';
import type {
  UserAccountRow,
  UserBalanceRow,
  UserDashboardRow,
  UserProfileRow,
  UserTransactionRow,
  WithdrawalRow,
} from '@kobo/projector';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The profile's columns and whether the account has a transaction PIN (transaction_pins, beside the credentials). */
export type ProfileRow = UserProfileRow & { has_pin: boolean };
export type DashboardRow = UserDashboardRow & { has_pin: boolean };

export function profileView(row: ProfileRow) {
  return {
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    referralCode: row.referral_code,
    // Empty strings, not null: the withdrawal screen treats any empty field as "details missing".
    bankDetails: {
      bankName: row.bank_name ?? '',
      bankCode: row.bank_code ?? (row.bank_name ? bankCodeOf({ bankName: row.bank_name }) : undefined) ?? '',
      accountNum: row.account_num ?? '',
      accountName: row.account_name ?? '',
    },
    hasPin: row.has_pin,
  };
}

/** The profile without its bank details, with the role, status and registration: the data export's profile. */
export function accountView(row: UserAccountRow & { has_pin: boolean }) {
  const { bankDetails: _bankDetails, ...profile } = profileView(row);
  return { ...profile, role: row.role, status: row.status, registeredAt: row.created_at.toISOString() };
}

/** The same view from the ledger's own state (a saved change answers even while the read model is behind). */
export function profileOfUser(user: UserState, hasPin: boolean) {
  return profileView({
    user_id: user.userId,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    referral_code: user.referralCode,
    bank_name: user.bankDetails?.bankName ?? null,
    bank_code: (user.bankDetails && bankCodeOf(user.bankDetails)) ?? null,
    account_num: user.bankDetails?.accountNum ?? null,
    account_name: user.bankDetails?.accountName ?? null,
    has_pin: hasPin,
  });
}

/** The balances as the ledger has them now (the user's stream folded), in the read model's form. */
export function balancesOfUser(user: UserState) {
  return balancesView({
    account_balance: user.balances.account,
    activity_balance: user.balances.activity,
    held_balance: user.balances.hold,
  });
}

export function balancesView(
  row: Pick<UserBalanceRow, 'account_balance' | 'activity_balance' | 'held_balance'>,
) {
  return {
    accountBalance: koboToNaira(row.account_balance),
    activityBalance: koboToNaira(row.activity_balance),
    heldBalance: koboToNaira(row.held_balance),
  };
}

export function dashboardView(row: DashboardRow, money: Config['money']) {
  return {
    ...profileView(row),
    ...balancesView(row),
    totalTasks: row.total_tasks,
    totalEarnings: koboToNaira(row.total_earnings),
    totalReferrals: row.total_referrals,
    totalWithdrawn: koboToNaira(row.total_withdrawn),
    withdrawalRules: {
      minAccount: koboToNaira(money.minWithdrawalAccount),
      minActivity: koboToNaira(money.minWithdrawalActivity),
      fee: koboToNaira(money.withdrawalFee),
    },
  };
}

const transactionStatus = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
} as const satisfies Record<UserTransactionRow['status'], string>;
const isWithdrawal = (type: string) => type === 'withdrawal' || type === 'activityWithdrawal';

export function transactionView(row: UserTransactionRow) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    // The client puts the minus sign on withdrawals itself, so they travel as the amount requested;
    // an adjustment ('other') keeps its sign, since it may be a debit.
    amount: koboToNaira(isWithdrawal(row.type) ? Math.abs(row.amount) : row.amount),
    status: transactionStatus[row.status],
    // A withdrawal's row is keyed by its withdrawal id.
    withdrawalId: isWithdrawal(row.type) ? row.id : null,
    state: isWithdrawal(row.type) ? row.withdrawal_state : null,
    createdAt: row.created_at.toISOString(),
  };
}

export function withdrawalView(row: WithdrawalRow) {
  return {
    id: row.withdrawal_id,
    amount: koboToNaira(row.amount),
    fee: koboToNaira(row.fee),
    type: row.type,
    status: row.status,
    state: withdrawalStateOf(row.status),
    reference: row.status === 'paid' || row.status === 'reversed' ? row.payout_reference : null,
    bankDetails: {
      bankName: row.bank_name,
      bankCode: row.bank_code,
      accountNum: row.account_num,
      accountName: row.account_name,
    },
    requestedAt: row.requested_at.toISOString(),
    approvedAt: iso(row.approved_at),
    sentAt: iso(row.sent_at),
    rejectedAt: iso(row.rejected_at),
    rejectionReason: row.rejection_reason,
    paidAt: iso(row.paid_at),
    failedAt: iso(row.failed_at),
    failureReason: row.failure_reason,
    reversedAt: iso(row.reversed_at),
    reversalReason: row.reversal_reason,
  };
}
