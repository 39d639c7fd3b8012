/**
 * The bank test: seeded clients drive the real HTTP API while the projectors, the job workers and
 * the API itself are stopped and restarted at seeded moments; after every step and at the end the
 * ledger's invariants are checked. See docs/runbooks/simulation.md.
 *
 * Determinism: every choice (who acts, what, with which amounts and keys, which request is sent
 * again, which process dies and when) comes from one mulberry32 stream seeded by `seed`, and the
 * clients choose only from what the ledger holds after the previous step. Steps run one at a time
 * (the only concurrency is a request racing the kill of its own API), so a seed replays the same
 * schedule of operations and faults in the same order. What may differ between two runs of a seed
 * is timing: how far a request got before its API died, and where background events (a proof
 * verified) fall in the log. The schedule's fingerprint (printed) shows two runs did the same.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MANUAL_TRANSFER } from '@kobo/jobs';
import type { PaystackDouble } from '@kobo/jobs/testing';
import { balanceOf, minimumWithdrawal, moneyRules, nubanOf, type RecordedKoboEvent } from '@kobo/ledger';
import { projections, verify } from '@kobo/projector';
import type { Pool } from '@kobo/platform';
import { send, type Answer, type Request } from './http-client';
import { LedgerWatch, type WithdrawalView } from './ledger-watch';
import { Prng } from './prng';
import {
  firstPayoutScripts,
  onManualDesk,
  payoutChecks,
  payoutFigures,
  settlePayouts,
  startSimulatedPaystack,
  type PayoutFigures,
  type PayoutProviderName,
} from './provider';
import { startSystem, type ProcessKind } from './system';

export interface SimulationOptions {
  seed: number;
  steps: number;
  pool: Pool;
  databaseUrl: string;
  /** Chance per step that a process is killed (default 0.05). */
  faultRate?: number;
  /** Who pays approved withdrawals: finance by hand (default), or Paystack (its local double). */
  provider?: PayoutProviderName;
  onProgress?: (step: number, result: SimulationResult) => void;
}

export interface SimulationResult {
  seed: number;
  steps: number;
  provider: PayoutProviderName;
  stepsRun: number;
  commands: Record<string, number>;
  /** Requests sent again: after a lost answer or a 5xx (retries), or on purpose with the same key (duplicates). */
  retries: number;
  duplicates: number;
  kills: Record<ProcessKind, number>;
  events: number;
  durationMs: number;
  /** sha256 of the schedule (operations and faults, in order), to compare two runs of a seed. */
  fingerprint: string;
  checks: { name: string; ok: boolean; detail: string }[];
  /** Answers that were not what a client would hope for, though every invariant held (by kind). */
  findings: Record<string, number>;
  /** With Paystack: what the double did to the payouts and how they ended. */
  payouts?: PayoutFigures;
  /** The first broken invariant, with the step it was seen at. */
  violation?: string;
}

type Action =
  | 'register'
  | 'addBankDetails'
  | 'createCampaign'
  | 'submit'
  | 'approveSubmission'
  | 'rejectSubmission'
  | 'withdraw'
  | 'approveWithdrawal'
  | 'rejectWithdrawal'
  | 'markPaid'
  | 'markFailed'
  | 'moveToManual'
  | 'markProviderPayout'
  | 'adjustBalance'
  | 'staleDecision';

interface SimUser {
  index: number;
  userId: string;
  email: string;
  token: string;
  bank: boolean;
}

const MAX_USERS = 14;
const naira = (kobo: number) => kobo / 100;
const USER_PASSWORD = 'simulated-password';

export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const started = Date.now();
  const rng = new Prng(options.seed);
  const faultRate = options.faultRate ?? 0.05;
  const provider = options.provider ?? 'manual';
  // The double's draws are keyed by the seed and each transfer's reference, not taken from `rng`.
  const paystack: PaystackDouble | undefined =
    provider === 'paystack' ? await startSimulatedPaystack(options.seed) : undefined;
  const payoutScripts = paystack && firstPayoutScripts(paystack);
  const system = await startSystem({
    pool: options.pool,
    databaseUrl: options.databaseUrl,
    paystack,
  }).catch(async (error: unknown) => {
    await paystack?.close();
    throw error;
  });
  const watch = new LedgerWatch(system.store);
  const schedule = createHash('sha256');
  const result: SimulationResult = {
    seed: options.seed,
    steps: options.steps,
    provider,
    stepsRun: 0,
    commands: {},
    retries: 0,
    duplicates: 0,
    kills: { projectors: 0, jobs: 0, api: 0 },
    events: 0,
    durationMs: 0,
    fingerprint: '',
    checks: [],
    findings: {},
  };
  const users: SimUser[] = [];
  const campaigns: string[] = [];
  const restartAt = new Map<ProcessKind, number>();
  const proofs = await proofImages();
  const rules = moneyRules(system.config.money);
  let step = 0;
  const violate = (what: string) => {
    result.violation ??= `step ${step}: ${what}`;
  };
  const http = { baseUrl: () => system.baseUrl, apiReady: () => system.apiReady() };
  const admin = system.adminToken;
  // Withdrawals are decided by another admin than the one who changes balances.
  const approver = system.approverToken;
  const finance = system.financeToken;

  /** Sends, counts, and maybe (seeded) sends the same request again with its key. */
  async function call(kind: string, request: Request, killApiAfterMs?: number): Promise<Answer> {
    result.commands[kind] = (result.commands[kind] ?? 0) + 1;
    const duplicate = request.key !== undefined && rng.chance(0.2);
    schedule.update(`${step}|${kind}|${request.method} ${request.path}|${request.key ?? ''}|${duplicate}\n`);
    let kill: Promise<void> | undefined;
    if (killApiAfterMs !== undefined) {
      schedule.update(`${step}|kill api after ${killApiAfterMs}ms\n`);
      result.kills.api++;
      kill = new Promise<void>((resolve) => setTimeout(resolve, killApiAfterMs)).then(async () => {
        await system.stop('api');
        await system.start('api');
      });
    }
    const answer = await send(http, request);
    await kill;
    result.retries += answer.retries;
    if (duplicate) {
      result.duplicates++;
      const again = await send(http, request);
      result.retries += again.retries;
      if (again.status !== answer.status)
        violate(
          `${kind} sent again with the same key answered ${again.status}, the first time ${answer.status}`,
        );
      else if (!again.replayed && answer.status < 300)
        violate(`${kind} sent again with the same key was not a replay`);
    }
    return answer;
  }

  const newEvents = async (filter: (e: RecordedKoboEvent) => boolean) =>
    (await watch.catchUp()).filter(filter);
  const note = (what: string) => {
    result.findings[what] = (result.findings[what] ?? 0) + 1;
  };
  const expectOnce = (what: string, events: RecordedKoboEvent[], answer: Answer, accepted: boolean) => {
    const ok2xx = answer.status >= 200 && answer.status < 300;
    if (!ok2xx && answer.lostAnswer && events.length === 1 && answer.status < 500) {
      // The first attempt took effect but its answer was lost with its API; the retry ran the
      // command again and was told it was done already. Exactly once in the ledger; noted.
      return note(
        `${what.split(' ')[0]}: retry after a lost answer answered ${answer.status} "${answer.body?.message}"`,
      );
    }
    // Refused with nothing appended is consistent (e.g. the admin's lookup reads a read model the
    // stopped projectors had not filled yet); it is noted, not a broken invariant.
    if (accepted && !ok2xx && events.length === 0)
      return note(
        `${what.split(' ').slice(0, 2).join(' ')}: refused ${answer.status} "${answer.body?.message}" with nothing appended`,
      );
    if (!accepted && ok2xx) violate(`${what}: expected to be refused, answered ${answer.status}`);
    const wanted = ok2xx ? 1 : 0;
    if (events.length !== wanted)
      violate(
        `${what}: answered ${answer.status} and appended ${events.length} events (exactly-once wants ${wanted}); ` +
          `${answer.retries} retries${answer.lostAnswer ? ' after a lost answer' : ''}; answer ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
  };
  const data = (e: RecordedKoboEvent) => e.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- event data

  // ---- the actions ------------------------------------------------------------------------
  const actions: Record<Action, (killMs?: number) => Promise<void>> = {
    async register(killMs) {
      const index = users.length;
      const handle = `sim${options.seed.toString(36)}u${index}`;
      const email = `${handle}@simulation.test`;
      const answer = await call(
        'register',
        {
          method: 'POST',
          path: '/api/auth/register',
          json: {
            firstName: 'Sim',
            lastName: `User${index}`,
            username: handle,
            email,
            password: USER_PASSWORD,
            phone: '08031234567',
          },
        },
        killMs,
      );
      const registered = await newEvents((e) => e.type === 'UserRegistered' && data(e).email === email);
      // Registration has no Idempotency-Key: a retry after a lost answer finds the email taken.
      const taken = answer.status === 409 && answer.lostAnswer;
      if (answer.status !== 201 && !taken)
        violate(`register answered ${answer.status} ${JSON.stringify(answer.body)}`);
      if (registered.length !== 1)
        return violate(`register appended ${registered.length} UserRegistered events`);
      const userId = data(registered[0]!).userId as string;
      const login = await send(http, {
        method: 'POST',
        path: '/api/auth/login',
        json: { email, password: USER_PASSWORD },
      });
      if (login.status !== 200 || !login.body.token) return violate(`login answered ${login.status}`);
      const user: SimUser = { index, userId, email, token: login.body.token as string, bank: false };
      users.push(user);
      await watch.catchUp();
      await addBank(user);
    },

    /** Bank details for a user who has none yet. */
    async addBankDetails() {
      const without = users.filter((u) => !u.bank);
      if (without.length) await addBank(rng.pick(without));
    },

    async createCampaign(killMs) {
      const key = `sim-${options.seed}-${step}`;
      const answer = await call(
        'createCampaign',
        {
          method: 'POST',
          path: '/api/admin/tasks',
          token: admin,
          key,
          json: {
            taskName: `Campaign ${campaigns.length}`,
            taskPlatform: 'instagram',
            taskVariation: 'Follow',
            taskInstructions: 'Follow the page, then upload a screenshot.',
            taskUrl: `https://example.com/sim/${campaigns.length}`,
            taskPrice: rng.int(2, 40) * 50,
            taskUnits: rng.int(5, 25),
            taskTime: 5,
          },
        },
        killMs,
      );
      const created = await newEvents((e) => e.type === 'CampaignCreated');
      expectOnce('create campaign', created, answer, true);
      if (created[0]) campaigns.push(data(created[0]).campaignId as string);
    },

    async submit(killMs) {
      const choices = users.flatMap((u) =>
        campaigns
          .filter((c) => watch.campaigns.get(c)?.open && !watch.submissions.has(`${c}:${u.userId}`))
          .map((c) => ({ u, c })),
      );
      if (choices.length === 0) return;
      const { u, c } = rng.pick(choices);
      const proof = rng.pick(proofs);
      const answer = await call(
        'submit',
        {
          method: 'POST',
          path: '/api/tasks/submit',
          token: u.token,
          key: `sim-${options.seed}-${step}`,
          form: () => {
            const form = new FormData();
            form.append('taskId', c);
            form.append('proofImage', new Blob([new Uint8Array(proof)], { type: 'image/png' }), 'proof.png');
            return form;
          },
        },
        killMs,
      );
      const submitted = await newEvents(
        (e) => e.type === 'TaskSubmitted' && data(e).campaignId === c && data(e).userId === u.userId,
      );
      // A campaign whose units are all taken refuses (422/409): then nothing may be appended.
      expectOnce(`submit to ${c}`, submitted, answer, answer.status < 300);
    },

    async approveSubmission(killMs) {
      await decideSubmission('approve', killMs);
    },
    async rejectSubmission(killMs) {
      await decideSubmission('reject', killMs);
    },

    async withdraw(killMs) {
      const banked = users.filter((u) => u.bank);
      if (banked.length === 0) return;
      const u = rng.pick(banked);
      const view = watch.users.get(u.userId)!;
      const type = rng.chance(0.15) ? 'activityWithdrawal' : 'withdrawal';
      const available = view[balanceOf(type)];
      const minimum = minimumWithdrawal(rules, balanceOf(type));
      const roll = rng.next();
      // Whole naira: below the minimum, above the balance, or a valid amount when there is one.
      let amount: number;
      if (roll < 0.15 || (roll >= 0.3 && available < minimum))
        amount = rng.int(1, Math.max(1, minimum / 100 - 1)) * 100;
      else if (roll < 0.3) amount = (Math.floor(Math.max(available, minimum) / 100) + rng.int(1, 5000)) * 100;
      else amount = rng.int(minimum / 100, Math.floor(available / 100)) * 100;
      const expected = amount < minimum ? 400 : amount > available ? 422 : 201;
      const answer = await call(
        'withdraw',
        {
          method: 'POST',
          path: '/api/users/withdraw',
          token: u.token,
          key: `sim-${options.seed}-${step}`,
          json: { amount: naira(amount), type },
        },
        killMs,
      );
      if (answer.status !== expected)
        violate(
          `withdraw ₦${naira(amount)} of ${type} (available ₦${naira(available)}) answered ${answer.status}, expected ${expected}`,
        );
      const requested = await newEvents(
        (e) => e.type === 'WithdrawalRequested' && data(e).userId === u.userId,
      );
      expectOnce('withdraw', requested, answer, expected === 201);
    },

    async approveWithdrawal(killMs) {
      await decideWithdrawal('approve', killMs);
    },
    async rejectWithdrawal(killMs) {
      await decideWithdrawal('reject', killMs);
    },

    async markPaid(killMs) {
      await settle('paid', killMs);
    },
    async markFailed(killMs) {
      await settle('failed', killMs);
    },

    /** A payout the provider held (an OTP, its balance) taken to the manual desk. */
    async moveToManual(killMs) {
      const held = [...watch.withdrawals.values()].filter(
        (w) => w.status === 'approved' && w.held && w.desk !== 'manual',
      );
      if (held.length === 0) return;
      const w = rng.pick(held);
      const answer = await call(
        'moveToManual',
        {
          method: 'POST',
          path: `/api/finance/payouts/${w.withdrawalId}/move-to-manual`,
          token: finance,
          key: `sim-${options.seed}-${step}`,
          json: {},
        },
        killMs,
      );
      expectOnce(
        'move payout to the manual desk',
        await newEvents((e) => e.type === 'PayoutMovedToManual' && data(e).withdrawalId === w.withdrawalId),
        answer,
        true,
      );
    },

    /** Finance marking by hand a payout the provider handles: refused, nothing appended. */
    async markProviderPayout(killMs) {
      const handled = [...watch.withdrawals.values()].filter(
        (w) => (w.status === 'approved' || w.status === 'sending') && w.desk !== 'manual',
      );
      if (handled.length === 0) return;
      const w = rng.pick(handled);
      const how = rng.pick(['paid', 'failed'] as const);
      const answer = await call(
        'markProviderPayout',
        {
          method: 'POST',
          path: `/api/finance/payouts/${w.withdrawalId}/mark-${how}`,
          token: finance,
          key: `sim-${options.seed}-${step}`,
          json: how === 'paid' ? { reference: `SIM-${options.seed}-${step}` } : { reason: 'Paid elsewhere.' },
        },
        killMs,
      );
      const byHand = await newEvents((e) => data(e).withdrawalId === w.withdrawalId && madeByHand(e));
      if (answer.status < 400 || byHand.length)
        violate(
          `mark-${how} of a ${w.status} payout the provider handles answered ${answer.status} and appended ${byHand.length} events`,
        );
    },

    async adjustBalance(killMs) {
      if (users.length === 0) return;
      const u = rng.pick(users);
      const current = watch.users.get(u.userId)!.account;
      // Small amounts, never below zero. The approval threshold counts a user's direct changes of
      // the last day together, so some of them wait for finance instead of posting.
      const delta = rng.chance(0.6)
        ? rng.int(1, 300) * 100 * 100
        : -rng.int(0, Math.floor(Math.min(current, 20_000_00) / 100)) * 100;
      if (delta === 0) return;
      const answer = await call(
        'adjustBalance',
        {
          method: 'PUT',
          path: `/api/admin/users/${u.userId}`,
          token: admin,
          key: `sim-${options.seed}-${step}`,
          json: {
            balance: naira(current + delta),
            reason: `Simulation step ${step}: correction of ₦${naira(delta)}`,
          },
        },
        killMs,
      );
      const waits = Boolean(answer.body?.pendingAdjustment);
      const kind = waits ? 'BalanceAdjustmentRequested' : 'BalanceAdjusted';
      const adjusted = await newEvents((e) => e.type === kind && data(e).userId === u.userId);
      expectOnce(
        `${waits ? 'ask finance to adjust' : 'adjust'} balance by ₦${naira(delta)}`,
        adjusted,
        answer,
        true,
      );
      if (adjusted[0] && data(adjusted[0]).amount !== delta)
        violate(`adjust balance by ${delta} kobo posted ${data(adjusted[0]).amount}`);
    },

    /** A decision made again on something already decided: refused, and nothing appended. */
    async staleDecision(killMs) {
      const settled = [...watch.withdrawals.values()].filter(
        (w) => w.status !== 'pending' && w.status !== 'approved',
      );
      const decided = [...watch.submissions.values()].filter((s) => s.status !== 'pending');
      if (settled.length && (decided.length === 0 || rng.chance(0.5))) {
        const w = rng.pick(settled);
        const which = rng.pick(['approve', 'reject', 'mark-paid', 'mark-failed'] as const);
        const request: Request =
          which === 'approve' || which === 'reject'
            ? {
                method: 'POST',
                path: `/api/admin/withdrawals/${which}`,
                token: admin,
                json: { transactionId: w.withdrawalId, reason: 'Again.' },
              }
            : {
                method: 'POST',
                path: `/api/finance/payouts/${w.withdrawalId}/${which}`,
                token: finance,
                json: { reference: `SIM-OTHER-${step}`, reason: 'Again.' },
              };
        const answer = await call(
          'staleDecision',
          { ...request, key: `sim-${options.seed}-${step}` },
          killMs,
        );
        // What the provider reports meanwhile (a webhook, reconciliation) is not the decision's doing.
        const appended = await newEvents((e) => data(e).withdrawalId === w.withdrawalId && madeByHand(e));
        // The same decision again may be a no-op success; a contradicting one must be refused.
        const same =
          (which === 'approve' && w.status !== 'rejected') ||
          (which === 'reject' && w.status === 'rejected') ||
          (which === 'mark-failed' && w.status === 'payout_failed');
        if ((answer.status < 400 && !same) || appended.length)
          violate(
            `${which} of a ${w.status} withdrawal answered ${answer.status} and appended ${appended.length} events`,
          );
      } else if (decided.length) {
        const s = rng.pick(decided);
        const which = rng.pick(['approve', 'reject'] as const);
        const answer = await call(
          'staleDecision',
          {
            method: 'POST',
            path: `/api/admin/tasks/${which}`,
            token: admin,
            key: `sim-${options.seed}-${step}`,
            json: { campaignId: s.campaignId, userId: s.userId, reason: 'Again.' },
          },
          killMs,
        );
        const appended = await newEvents(
          (e) => data(e).submissionId === s.submissionId && e.type !== 'SubmissionVerified',
        );
        const same = (which === 'approve') === (s.status === 'approved');
        if ((answer.status < 400 && !same) || appended.length)
          violate(
            `${which} of a ${s.status} submission answered ${answer.status} and appended ${appended.length} events`,
          );
      }
    },
  };

  async function addBank(user: SimUser) {
    const answer = await call('addBankDetails', {
      method: 'PUT',
      path: '/api/users/profile',
      token: user.token,
      json: {
        bankDetails: {
          bankName: 'Access Bank',
          accountNum: nubanOf('044', String(100000000 + user.index)),
          accountName: `Sim User${user.index}`,
        },
        currentPassword: USER_PASSWORD,
      },
    });
    const updated = await newEvents((e) => e.type === 'BankDetailsUpdated' && data(e).userId === user.userId);
    if (answer.status === 200 && updated.length === 1) user.bank = true;
    else violate(`bank details answered ${answer.status} and appended ${updated.length} events`);
  }

  async function decideSubmission(which: 'approve' | 'reject', killMs?: number) {
    const pending = [...watch.submissions.values()].filter((s) => s.status === 'pending');
    if (pending.length === 0) return;
    const s = rng.pick(pending);
    const answer = await call(
      `${which}Submission`,
      {
        method: 'POST',
        path: `/api/admin/tasks/${which}`,
        token: admin,
        key: `sim-${options.seed}-${step}`,
        json: {
          campaignId: s.campaignId,
          userId: s.userId,
          ...(which === 'reject' ? { reason: 'The screenshot does not show the follow.' } : {}),
        },
      },
      killMs,
    );
    const events = await newEvents((e) => data(e).submissionId === s.submissionId);
    const decision = events.filter(
      (e) => e.type === (which === 'approve' ? 'SubmissionApproved' : 'SubmissionRejected'),
    );
    expectOnce(`${which} submission`, decision, answer, true);
    if (which === 'approve')
      expectOnce(
        'reward for the approved submission',
        events.filter((e) => e.type === 'RewardCredited'),
        answer,
        true,
      );
  }

  async function decideWithdrawal(which: 'approve' | 'reject', killMs?: number) {
    const pending = [...watch.withdrawals.values()].filter((w) => w.status === 'pending');
    if (pending.length === 0) return;
    const w = rng.pick(pending);
    if (which === 'approve') payoutScripts?.approving(w.withdrawalId);
    const answer = await call(
      `${which}Withdrawal`,
      {
        method: 'POST',
        path: `/api/admin/withdrawals/${which}`,
        token: approver,
        key: `sim-${options.seed}-${step}`,
        json: {
          transactionId: w.withdrawalId,
          ...(which === 'reject' ? { reason: 'The account name does not match.' } : {}),
        },
      },
      killMs,
    );
    const type = which === 'approve' ? 'WithdrawalApproved' : 'WithdrawalRejected';
    const decided = await newEvents((e) => e.type === type && data(e).withdrawalId === w.withdrawalId);
    expectOnce(`${which} withdrawal`, decided, answer, true);
    if (which === 'approve' && decided.length) payoutScripts?.approved();
  }

  /** An event a person's decision appends (not the provider's reports, which come in the background). */
  function madeByHand(e: RecordedKoboEvent): boolean {
    switch (e.type) {
      case 'WithdrawalApproved':
      case 'WithdrawalRejected':
      case 'PayoutMovedToManual':
        return true;
      case 'PayoutSucceeded':
      case 'PayoutFailed':
        return e.data.provider === MANUAL_TRANSFER;
      default:
        return false;
    }
  }

  async function settle(how: 'paid' | 'failed', killMs?: number) {
    const approved = [...watch.withdrawals.values()].filter(
      (w: WithdrawalView) => w.status === 'approved' && onManualDesk(provider, w),
    );
    if (approved.length === 0) return;
    const w = rng.pick(approved);
    const answer = await call(
      how === 'paid' ? 'markPaid' : 'markFailed',
      {
        method: 'POST',
        path: `/api/finance/payouts/${w.withdrawalId}/mark-${how}`,
        token: finance,
        key: `sim-${options.seed}-${step}`,
        json:
          how === 'paid'
            ? { reference: `SIM-${options.seed}-${step}` }
            : { reason: 'The bank returned the transfer.' },
      },
      killMs,
    );
    const type = how === 'paid' ? 'PayoutSucceeded' : 'PayoutFailed';
    expectOnce(
      `mark payout ${how}`,
      await newEvents((e) => e.type === type && data(e).withdrawalId === w.withdrawalId),
      answer,
      true,
    );
  }

  function weights(): Record<Action, number> {
    const list = (filter: (w: WithdrawalView) => boolean) =>
      [...watch.withdrawals.values()].filter(filter).length;
    const pendingSubmissions = [...watch.submissions.values()].filter((s) => s.status === 'pending').length;
    const openCampaigns = campaigns.filter((c) => watch.campaigns.get(c)?.open).length;
    return {
      register: users.length < 3 ? 6 : users.length < MAX_USERS ? 0.6 : 0,
      addBankDetails: users.some((u) => !u.bank) ? 2 : 0,
      createCampaign: openCampaigns === 0 ? 4 : openCampaigns < 4 ? 0.3 : 0,
      submit: users.length ? 4 : 0,
      approveSubmission: pendingSubmissions ? 3 : 0,
      rejectSubmission: pendingSubmissions ? 1 : 0,
      withdraw: users.some((u) => u.bank) ? 4 : 0,
      approveWithdrawal: list((w) => w.status === 'pending') ? 2.5 : 0,
      rejectWithdrawal: list((w) => w.status === 'pending') ? 1 : 0,
      markPaid: list((w) => w.status === 'approved' && onManualDesk(provider, w)) ? 2 : 0,
      markFailed: list((w) => w.status === 'approved' && onManualDesk(provider, w)) ? 0.8 : 0,
      moveToManual: list((w) => w.status === 'approved' && w.held && w.desk !== 'manual') ? 2 : 0,
      markProviderPayout:
        provider === 'paystack' &&
        list((w) => (w.status === 'approved' || w.status === 'sending') && w.desk !== 'manual')
          ? 0.4
          : 0,
      adjustBalance: users.length ? 1.2 : 0,
      staleDecision: watch.withdrawals.size + watch.submissions.size ? 0.5 : 0,
    };
  }

  async function readModelNegatives(): Promise<string | undefined> {
    const { rows } = await options.pool.query<{ account: string; balance: string }>(
      `SELECT account, balance FROM account_balances
       WHERE balance < 0 AND (account LIKE 'user:%' OR account LIKE 'campaign:%') LIMIT 1`,
    );
    return rows[0] && `read model balance of ${rows[0].account} below zero: ${rows[0].balance}`;
  }

  try {
    await watch.catchUp();
    for (step = 1; step <= options.steps && !result.violation; step++) {
      // Restarts that are due, then perhaps a new fault.
      for (const [kind, at] of restartAt)
        if (at <= step) {
          restartAt.delete(kind);
          await system.start(kind);
          schedule.update(`${step}|start ${kind}\n`);
        }
      let killApiAfterMs: number | undefined;
      if (rng.chance(faultRate)) {
        const kind = rng.pick(['projectors', 'jobs', 'api'] as const);
        if (kind === 'api') killApiAfterMs = rng.int(0, 40);
        else if (system.running(kind)) {
          result.kills[kind]++;
          await system.stop(kind);
          const down = rng.int(1, 4);
          restartAt.set(kind, step + down);
          schedule.update(`${step}|kill ${kind} for ${down} steps\n`);
        }
      }
      const action = rng.weighted(weights());
      await actions[action](killApiAfterMs);
      if (killApiAfterMs !== undefined && !system.running('api')) await system.start('api');

      await watch.catchUp();
      if (watch.violations.length) violate(watch.violations[0]!);
      const negative = await readModelNegatives();
      if (negative) violate(negative);
      result.stepsRun = step;
      if (step % 100 === 0) options.onProgress?.(step, result);
    }
    step = options.steps;

    // The end: everything running again, the projectors caught up, then the whole ledger checked.
    for (const kind of ['projectors', 'jobs', 'api'] as const) await system.start(kind);
    if (paystack) {
      // Every payout that can settle does (webhooks, reconciliation); those left pending at the
      // double on purpose stay Sending. Then the workers stop, so `verify` compares a quiet log.
      const waiting = await settlePayouts(paystack, watch);
      if (waiting.length)
        violate(
          `${waiting.length} payouts did not settle: ${waiting
            .slice(0, 3)
            .map(
              (w) =>
                `${w.withdrawalId} ${w.status}, at the double ${paystack.transfer(w.withdrawalId)?.status ?? 'no transfer'}`,
            )
            .join('; ')}`,
        );
      await system.stop('jobs');
    }
    await catchUpProjectors(options.pool, await system.store.headPosition());
    await watch.catchUp();
    if (watch.violations.length) violate(watch.violations[0]!);
    result.checks = await verify({ pool: options.pool, store: system.store, projections });
    if (paystack) result.checks.push(...payoutChecks(paystack, watch));
    const failed = result.checks.find((check) => !check.ok);
    if (failed)
      violate(
        `${failed.name.startsWith('payouts:') ? '' : 'ledger verify: '}${failed.name}: ${failed.detail}`,
      );
    for (const w of watch.withdrawals.values())
      if (w.requested !== 1 || w.decided > 1 || w.settled > 1)
        violate(
          `withdrawal ${w.withdrawalId}: requested ${w.requested}, decided ${w.decided}, settled ${w.settled} times`,
        );
  } catch (error) {
    violate(`the simulation itself failed: ${(error as Error).stack ?? String(error)}`);
  } finally {
    await system.close().catch(() => undefined);
    if (paystack) {
      result.payouts = payoutFigures(paystack, watch);
      await paystack.close();
    }
  }
  result.events = watch.events;
  result.fingerprint = schedule.digest('hex').slice(0, 16);
  result.durationMs = Date.now() - started;
  return result;
}

/** Waits until every projector's checkpoint has reached `head` (the table also holds the reactors'). */
async function catchUpProjectors(pool: Pool, head: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { rows } = await pool.query<{ behind: string }>(
      'SELECT count(*) AS behind FROM projection_checkpoints WHERE position < $1 AND projector = ANY($2::text[])',
      [head, projections.map((p) => p.name)],
    );
    if (Number(rows[0]!.behind) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the projectors did not reach position ${head} within ${timeoutMs} ms`);
}

/** A few distinct proof screenshots, made once. */
async function proofImages(): Promise<Buffer[]> {
  const colours = [
    { r: 30, g: 120, b: 200 },
    { r: 200, g: 60, b: 40 },
    { r: 40, g: 160, b: 80 },
    { r: 220, g: 200, b: 30 },
  ];
  return Promise.all(
    colours.map((background, i) =>
      sharp({ create: { width: 320 + i * 16, height: 240, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
}
