/** The user decider: user-{userId}, the user and their wallet. */
import type { Decider } from '../decider';
import type { UserEvent } from '../events';
import type { UserCommand } from './commands';
import {
  approveBalanceAdjustment,
  rejectBalanceAdjustment,
  requestBalanceAdjustment,
} from './adjustment-requests';
import { setAccountBalance } from './balance-edits';
import { adjustBalance, creditReferralBonus, creditReward } from './credits';
import {
  changePassword,
  deleteUser,
  registerUser,
  setUserRole,
  setUserStatus,
  updateBankDetails,
  updateProfile,
} from './profile';
import { evolveUser, initialUserState, restoreUserState, type UserState } from './state';
import {
  approveWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
  undoWithdrawalApproval,
} from './withdrawals';
import {
  movePayoutToManual,
  recordPayoutDiscrepancy,
  recordPayoutFailed,
  recordPayoutHeld,
  recordPayoutReversed,
  recordPayoutSent,
  recordPayoutSucceeded,
} from './payouts';

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'UpdateProfile':
      return updateProfile(command, state);
    case 'UpdateBankDetails':
      return updateBankDetails(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'SetUserRole':
      return setUserRole(command, state);
    case 'SetUserStatus':
      return setUserStatus(command, state);
    case 'DeleteUser':
      return deleteUser(command, state);
    case 'AdjustBalance':
      return adjustBalance(command, state);
    case 'SetAccountBalance':
      return setAccountBalance(command, state);
    case 'RequestBalanceAdjustment':
      return requestBalanceAdjustment(command, state);
    case 'ApproveBalanceAdjustment':
      return approveBalanceAdjustment(command, state);
    case 'RejectBalanceAdjustment':
      return rejectBalanceAdjustment(command, state);
    case 'CreditReward':
      return creditReward(command, state);
    case 'CreditReferralBonus':
      return creditReferralBonus(command, state);
    case 'RequestWithdrawal':
      return requestWithdrawal(command, state);
    case 'ApproveWithdrawal':
      return approveWithdrawal(command, state);
    case 'UndoWithdrawalApproval':
      return undoWithdrawalApproval(command, state);
    case 'RejectWithdrawal':
      return rejectWithdrawal(command, state);
    case 'RecordPayoutSent':
      return recordPayoutSent(command, state);
    case 'RecordPayoutHeld':
      return recordPayoutHeld(command, state);
    case 'MovePayoutToManual':
      return movePayoutToManual(command, state);
    case 'RecordPayoutSucceeded':
      return recordPayoutSucceeded(command, state);
    case 'RecordPayoutFailed':
      return recordPayoutFailed(command, state);
    case 'RecordPayoutReversed':
      return recordPayoutReversed(command, state);
    case 'RecordPayoutDiscrepancy':
      return recordPayoutDiscrepancy(command, state);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
  // user@2: a failed payout's withdrawal status is 'payout_failed' (it was 'failed' in user@1).
  // user@3: an adjustment request's requestedBy is an Actor (a bare user id in user@2).
  // user@4: a withdrawal record carries its payout desk, held reason and discrepancies.
  // user@5: the changes posted without approval lately (directAdjustments), for the approval window.
  // user@6: an adjustment request carries the balance its edit set (target) and can be 'replaced'.
  // user@7: who created the account (createdBy) and the staff who changed its balance.
  // A withdrawal record's approvals and undoableUntil are optional: a user@7 state without them
  // reads as no approval undoable, which is what every approval before them was.
  snapshot: { kind: 'user@7', restore: restoreUserState },
};
