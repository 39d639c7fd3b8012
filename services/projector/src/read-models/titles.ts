/**
 * The words a person reads for an entry of their money, each worded once: the history
 * (transactions), the statement (ledger entries, through the API's statement view) and the
 * notifications use these; the web app shows the title the server gives.
 */
export const ENTRY_TITLES = {
  signupBonus: 'Signup Bonus',
  referralBonus: 'Referral Bonus',
  withdrawal: 'Withdrawal',
} as const;
