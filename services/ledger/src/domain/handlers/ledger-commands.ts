/**
 * The command handlers the API calls. Each takes the command's data (ids chosen by the caller)
 * and optional metadata, and resolves to a CommandResult (appended or not, the events, the last
 * global position). A command resent with the same command id is done once (run-command.ts).
 */
import type { EventStore } from '../../event-store/port';
import type { CampaignCommand } from '../campaign/commands';
import { campaignDecider } from '../campaign/decider';
import { communityDecider, type UpdateCommunityLinks } from '../community/decider';
import type { Registration } from '../multi-stream/registration';
import { streams } from '../events';
import { submissionIdFor } from '../ids';
import { campaignRulesOf, type MoneyRules } from '../money-rules';
import type { UserCommand } from '../user/commands';
import { userDecider } from '../user/decider';
import type { UserState } from '../user/state';
import {
  activityCompletion,
  onStream,
  deletion,
  profileUpdate,
  registration,
  submissionApproval,
  taskSubmission,
} from './stream-loading';
import {
  defaultRetry,
  runCommand,
  type CommandMetadata,
  type CommandResult,
  type RetryOptions,
} from './run-command';

type DataOf<C extends { type: string; data: unknown }, T extends C['type']> = Extract<C, { type: T }>['data'];
type UserData<T extends UserCommand['type']> = DataOf<UserCommand, T>;
type CampaignData<T extends CampaignCommand['type']> = DataOf<CampaignCommand, T>;
/** Submissions are one per user per campaign, so their id may be left to the handler. */
type WithOptionalSubmissionId<D extends { submissionId: string }> = Omit<D, 'submissionId'> & {
  submissionId?: string;
};

/** Commands checked against time take `now` from the handler's clock unless the caller gives it. */
type WithOptionalNow<D extends { now: string }> = Omit<D, 'now'> & { now?: string };

export interface LedgerCommandsOptions {
  rules: MoneyRules;
  retry?: Partial<RetryOptions>;
  /** The time commands that need it are given (tests set it); default: the system clock. */
  clock?: () => Date;
}

export type Handler<Data> = (data: Data, meta?: CommandMetadata) => Promise<CommandResult>;

export interface UserCommandResult extends CommandResult {
  /**
   * The user as this call's events left them, when it appended: what an answer shows (balances
   * after a withdrawal) without reading the stream again.
   */
  user?: UserState;
}

/** A command on one user's stream. */
export type UserHandler<Data> = (data: Data, meta?: CommandMetadata) => Promise<UserCommandResult>;

export interface LedgerCommands {
  registerUser: Handler<Omit<Registration, 'rules'>>;
  updateProfile: Handler<UserData<'UpdateProfile'>>;
  updateBankDetails: UserHandler<WithOptionalNow<UserData<'UpdateBankDetails'>>>;
  changePassword: UserHandler<UserData<'ChangePassword'>>;
  setUserRole: UserHandler<UserData<'SetUserRole'>>;
  setUserStatus: UserHandler<UserData<'SetUserStatus'>>;
  deleteUser: UserHandler<UserData<'DeleteUser'>>;
  adjustBalance: UserHandler<UserData<'AdjustBalance'>>;
  setAccountBalance: UserHandler<WithOptionalNow<UserData<'SetAccountBalance'>>>;
  requestBalanceAdjustment: UserHandler<UserData<'RequestBalanceAdjustment'>>;
  approveBalanceAdjustment: UserHandler<UserData<'ApproveBalanceAdjustment'>>;
  rejectBalanceAdjustment: UserHandler<UserData<'RejectBalanceAdjustment'>>;
  requestWithdrawal: UserHandler<WithOptionalNow<Omit<UserData<'RequestWithdrawal'>, 'rules'>>>;
  /** The undo window is the money rules' (`withdrawalUndoSeconds`). */
  approveWithdrawal: UserHandler<WithOptionalNow<Omit<UserData<'ApproveWithdrawal'>, 'undoSeconds'>>>;
  /** Decided on the clock as each attempt reads it, so a retried undo is never late unseen. */
  undoWithdrawalApproval: UserHandler<WithOptionalNow<UserData<'UndoWithdrawalApproval'>>>;
  rejectWithdrawal: UserHandler<UserData<'RejectWithdrawal'>>;
  recordPayoutSent: UserHandler<WithOptionalNow<UserData<'RecordPayoutSent'>>>;
  recordPayoutHeld: UserHandler<WithOptionalNow<UserData<'RecordPayoutHeld'>>>;
  movePayoutToManual: UserHandler<WithOptionalNow<UserData<'MovePayoutToManual'>>>;
  recordPayoutSucceeded: UserHandler<WithOptionalNow<UserData<'RecordPayoutSucceeded'>>>;
  recordPayoutFailed: UserHandler<UserData<'RecordPayoutFailed'>>;
  recordPayoutReversed: UserHandler<UserData<'RecordPayoutReversed'>>;
  recordPayoutDiscrepancy: UserHandler<UserData<'RecordPayoutDiscrepancy'>>;
  /** Checked against the money rules' price cap and approval threshold. */
  createCampaign: Handler<Omit<CampaignData<'CreateCampaign'>, 'rules'>>;
  updateCampaign: Handler<Omit<CampaignData<'UpdateCampaign'>, 'rules'>>;
  approveCampaign: Handler<CampaignData<'ApproveCampaign'>>;
  rejectCampaign: Handler<CampaignData<'RejectCampaign'>>;
  pauseCampaign: Handler<CampaignData<'PauseCampaign'>>;
  resumeCampaign: Handler<CampaignData<'ResumeCampaign'>>;
  completeCampaign: Handler<CampaignData<'CompleteCampaign'>>;
  deleteCampaign: Handler<CampaignData<'DeleteCampaign'>>;
  submitTask: Handler<WithOptionalSubmissionId<CampaignData<'SubmitTask'>>>;
  recordVerification: Handler<CampaignData<'RecordVerification'>>;
  approveSubmission: Handler<CampaignData<'ApproveSubmission'>>;
  rejectSubmission: Handler<CampaignData<'RejectSubmission'>>;
  completeActivity: Handler<WithOptionalSubmissionId<CampaignData<'CompleteActivity'>>>;
  updateCommunityLinks: Handler<UpdateCommunityLinks['data']>;
}

export function createLedgerCommands(store: EventStore, options: LedgerCommandsOptions): LedgerCommands {
  const { rules } = options;
  const campaignRules = campaignRulesOf(rules);
  const now = (given?: string) => given ?? (options.clock?.() ?? new Date()).toISOString();
  const retry = { ...defaultRetry, ...options.retry };
  const run = (type: string, decision: Parameters<typeof runCommand>[2], meta?: CommandMetadata) =>
    runCommand(store, type, decision, meta, retry);
  /** A command, or one made afresh for each attempt (to read the clock as it decides). */
  const onUser = async <T extends UserCommand>(
    given: T | (() => T),
    meta?: CommandMetadata,
  ): Promise<UserCommandResult> => {
    const first = typeof given === 'function' ? given() : given;
    const streamId = streams.user(first.data.userId);
    let after: UserState | undefined;
    let attempts = 0;
    const result = await run(
      first.type,
      async (reader) => {
        const command = attempts++ === 0 || typeof given !== 'function' ? first : given();
        const state = await reader.load(streamId, userDecider);
        const events = userDecider.decide(command, state);
        // The last attempt's: the one whose events were appended.
        after = events.reduce(userDecider.evolve, state);
        return [{ streamId, events }];
      },
      meta,
    );
    return result.appended ? { ...result, user: after } : result;
  };
  const onCampaign = <T extends CampaignCommand>(command: T, meta?: CommandMetadata) =>
    run(command.type, onStream(streams.campaign(command.data.campaignId), campaignDecider, command), meta);
  const submissionId = (d: { campaignId: string; userId: string; submissionId?: string }) =>
    d.submissionId ?? submissionIdFor(d.campaignId, d.userId);

  return {
    registerUser: (data, meta) => run('RegisterUser', registration({ ...data, rules }), meta),
    updateProfile: (data, meta) => run('UpdateProfile', profileUpdate({ type: 'UpdateProfile', data }), meta),
    updateBankDetails: (data, meta) =>
      onUser({ type: 'UpdateBankDetails', data: { ...data, now: now(data.now) } }, meta),
    changePassword: (data, meta) => onUser({ type: 'ChangePassword', data }, meta),
    setUserRole: (data, meta) => onUser({ type: 'SetUserRole', data }, meta),
    setUserStatus: (data, meta) => onUser({ type: 'SetUserStatus', data }, meta),
    deleteUser: (data, meta) => run('DeleteUser', deletion({ type: 'DeleteUser', data }), meta),
    adjustBalance: (data, meta) =>
      onUser({ type: 'AdjustBalance', data: { ...data, now: now(data.now) } }, meta),
    setAccountBalance: (data, meta) =>
      onUser({ type: 'SetAccountBalance', data: { ...data, now: now(data.now) } }, meta),
    requestBalanceAdjustment: (data, meta) => onUser({ type: 'RequestBalanceAdjustment', data }, meta),
    approveBalanceAdjustment: (data, meta) => onUser({ type: 'ApproveBalanceAdjustment', data }, meta),
    rejectBalanceAdjustment: (data, meta) => onUser({ type: 'RejectBalanceAdjustment', data }, meta),
    requestWithdrawal: (data, meta) =>
      onUser({ type: 'RequestWithdrawal', data: { ...data, rules, now: now(data.now) } }, meta),
    approveWithdrawal: (data, meta) =>
      onUser(
        {
          type: 'ApproveWithdrawal',
          data: { ...data, now: now(data.now), undoSeconds: rules.withdrawalUndoSeconds ?? 0 },
        },
        meta,
      ),
    undoWithdrawalApproval: (data, meta) =>
      onUser(() => ({ type: 'UndoWithdrawalApproval', data: { ...data, now: now(data.now) } }), meta),
    rejectWithdrawal: (data, meta) => onUser({ type: 'RejectWithdrawal', data }, meta),
    recordPayoutSent: (data, meta) =>
      onUser({ type: 'RecordPayoutSent', data: { ...data, now: now(data.now) } }, meta),
    recordPayoutHeld: (data, meta) =>
      onUser({ type: 'RecordPayoutHeld', data: { ...data, now: now(data.now) } }, meta),
    movePayoutToManual: (data, meta) =>
      onUser({ type: 'MovePayoutToManual', data: { ...data, now: now(data.now) } }, meta),
    recordPayoutSucceeded: (data, meta) =>
      onUser({ type: 'RecordPayoutSucceeded', data: { ...data, now: now(data.now) } }, meta),
    recordPayoutFailed: (data, meta) => onUser({ type: 'RecordPayoutFailed', data }, meta),
    recordPayoutReversed: (data, meta) => onUser({ type: 'RecordPayoutReversed', data }, meta),
    recordPayoutDiscrepancy: (data, meta) => onUser({ type: 'RecordPayoutDiscrepancy', data }, meta),
    createCampaign: (data, meta) =>
      onCampaign({ type: 'CreateCampaign', data: { ...data, rules: campaignRules } }, meta),
    updateCampaign: (data, meta) =>
      onCampaign({ type: 'UpdateCampaign', data: { ...data, rules: campaignRules } }, meta),
    approveCampaign: (data, meta) => onCampaign({ type: 'ApproveCampaign', data }, meta),
    rejectCampaign: (data, meta) => onCampaign({ type: 'RejectCampaign', data }, meta),
    pauseCampaign: (data, meta) => onCampaign({ type: 'PauseCampaign', data }, meta),
    resumeCampaign: (data, meta) => onCampaign({ type: 'ResumeCampaign', data }, meta),
    completeCampaign: (data, meta) => onCampaign({ type: 'CompleteCampaign', data }, meta),
    deleteCampaign: (data, meta) => onCampaign({ type: 'DeleteCampaign', data }, meta),
    submitTask: (data, meta) =>
      run(
        'SubmitTask',
        taskSubmission({ type: 'SubmitTask', data: { ...data, submissionId: submissionId(data) } }),
        meta,
      ),
    recordVerification: (data, meta) => onCampaign({ type: 'RecordVerification', data }, meta),
    approveSubmission: (data, meta) =>
      run('ApproveSubmission', submissionApproval({ type: 'ApproveSubmission', data }, rules), meta),
    rejectSubmission: (data, meta) => onCampaign({ type: 'RejectSubmission', data }, meta),
    completeActivity: (data, meta) =>
      run(
        'CompleteActivity',
        activityCompletion({ type: 'CompleteActivity', data: { ...data, submissionId: submissionId(data) } }),
        meta,
      ),
    updateCommunityLinks: (data, meta) =>
      run(
        'UpdateCommunityLinks',
        onStream(streams.community, communityDecider, { type: 'UpdateCommunityLinks', data }),
        meta,
      ),
  };
}
