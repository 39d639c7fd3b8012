/**
 * What the seeded clients do: each action picks, from what the ledger holds, who acts and on what,
 * sends the request (`run.call`) and checks what the ledger appended for it (`run.expectOnce`).
 */
import { balanceOf, minimumWithdrawal, nubanOf } from '@kobo/ledger';
import { send, type Request } from './http-client';
import type { WithdrawalView } from './ledger-watch';
import { onManualDesk } from './provider';
import { data, madeByHand, naira, USER_PASSWORD, type SimUser, type SimulationRun } from './run';

export type Action =
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
  | 'deleteAccount'
  | 'staleDecision';

const MAX_USERS = 14;

/** What the clients do, one action a step (chosen by `weights`). */
export const actions: Record<Action, (run: SimulationRun, killMs?: number) => Promise<void>> = {
  async register(run, killMs) {
    const { watch, users, options, http } = run;
    const index = run.registered++;
    // Values no other user's contain, so that after an erasure a scan for them finds only theirs.
    const seed = options.seed.toString(36);
    const number = String(index).padStart(3, '0');
    const person = {
      firstName: `Ada${seed}x${number}`,
      lastName: `Obi${seed}y${number}`,
      username: `sim${seed}u${number}`,
      email: `sim${seed}u${number}@simulation.test`,
      phone: `0803${number}${String(options.seed % 10_000).padStart(4, '0')}`,
    };
    const { email } = person;
    const answer = await run.call(
      'register',
      {
        method: 'POST',
        path: '/api/auth/register',
        json: { ...person, password: USER_PASSWORD },
      },
      killMs,
    );
    const registered = await run.newEvents((e) => e.type === 'UserRegistered' && data(e).email === email);
    // Registration has no Idempotency-Key: a retry after a lost answer finds the email taken.
    const taken = answer.status === 409 && answer.lostAnswer;
    if (answer.status !== 201 && !taken)
      run.violate(`register answered ${answer.status} ${JSON.stringify(answer.body)}`);
    if (registered.length !== 1)
      return run.violate(`register appended ${registered.length} UserRegistered events`);
    const userId = data(registered[0]!).userId as string;
    const login = await send(http, {
      method: 'POST',
      path: '/api/auth/login',
      json: { email, password: USER_PASSWORD },
    });
    if (login.status !== 200 || !login.body.token) return run.violate(`login answered ${login.status}`);
    const user: SimUser = { index, userId, token: login.body.token as string, bank: false, ...person };
    users.push(user);
    await watch.catchUp();
    await addBank(run, user);
  },

  /** Bank details for a user who has none yet. */
  async addBankDetails(run) {
    const { rng, users } = run;
    const without = users.filter((u) => !u.bank);
    if (without.length) await addBank(run, rng.pick(without));
  },

  async createCampaign(run, killMs) {
    const { rng, campaigns, options, step, admin } = run;
    const key = `sim-${options.seed}-${step}`;
    const answer = await run.call(
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
    const created = await run.newEvents((e) => e.type === 'CampaignCreated');
    run.expectOnce('create campaign', created, answer, true);
    if (created[0]) campaigns.push(data(created[0]).campaignId as string);
  },

  async submit(run, killMs) {
    const { rng, watch, users, campaigns, options, step, proofs } = run;
    const choices = users.flatMap((u) =>
      campaigns
        .filter((c) => watch.campaigns.get(c)?.open && !watch.submissions.has(`${c}:${u.userId}`))
        .map((c) => ({ u, c })),
    );
    if (choices.length === 0) return;
    const { u, c } = rng.pick(choices);
    const proof = rng.pick(proofs);
    const answer = await run.call(
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
    const submitted = await run.newEvents(
      (e) => e.type === 'TaskSubmitted' && data(e).campaignId === c && data(e).userId === u.userId,
    );
    // A campaign whose units are all taken refuses (422/409): then nothing may be appended.
    run.expectOnce(`submit to ${c}`, submitted, answer, answer.status < 300);
  },

  async approveSubmission(run, killMs) {
    await decideSubmission(run, 'approve', killMs);
  },
  async rejectSubmission(run, killMs) {
    await decideSubmission(run, 'reject', killMs);
  },

  async withdraw(run, killMs) {
    const { rng, watch, users, options, step, rules } = run;
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
    const answer = await run.call(
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
      run.violate(
        `withdraw ₦${naira(amount)} of ${type} (available ₦${naira(available)}) answered ${answer.status}, expected ${expected}`,
      );
    const requested = await run.newEvents(
      (e) => e.type === 'WithdrawalRequested' && data(e).userId === u.userId,
    );
    run.expectOnce('withdraw', requested, answer, expected === 201);
  },

  async approveWithdrawal(run, killMs) {
    await decideWithdrawal(run, 'approve', killMs);
  },
  async rejectWithdrawal(run, killMs) {
    await decideWithdrawal(run, 'reject', killMs);
  },

  async markPaid(run, killMs) {
    await settle(run, 'paid', killMs);
  },
  async markFailed(run, killMs) {
    await settle(run, 'failed', killMs);
  },

  /** A payout the provider held (an OTP, its balance) taken to the manual desk. */
  async moveToManual(run, killMs) {
    const { rng, watch, options, step, finance } = run;
    const held = [...watch.withdrawals.values()].filter(
      (w) => w.status === 'approved' && w.held && w.desk !== 'manual',
    );
    if (held.length === 0) return;
    const w = rng.pick(held);
    const answer = await run.call(
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
    run.expectOnce(
      'move payout to the manual desk',
      await run.newEvents((e) => e.type === 'PayoutMovedToManual' && data(e).withdrawalId === w.withdrawalId),
      answer,
      true,
    );
  },

  /** Finance marking by hand a payout the provider handles: refused, nothing appended. */
  async markProviderPayout(run, killMs) {
    const { rng, watch, options, step, finance } = run;
    const handled = [...watch.withdrawals.values()].filter(
      (w) => (w.status === 'approved' || w.status === 'sending') && w.desk !== 'manual',
    );
    if (handled.length === 0) return;
    const w = rng.pick(handled);
    const how = rng.pick(['paid', 'failed'] as const);
    const answer = await run.call(
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
    const byHand = await run.newEvents((e) => data(e).withdrawalId === w.withdrawalId && madeByHand(e));
    if (answer.status < 400 || byHand.length)
      run.violate(
        `mark-${how} of a ${w.status} payout the provider handles answered ${answer.status} and appended ${byHand.length} events`,
      );
  },

  async adjustBalance(run, killMs) {
    const { rng, watch, users, options, step, admin } = run;
    if (users.length === 0) return;
    const u = rng.pick(users);
    const current = watch.users.get(u.userId)!.account;
    // Small amounts, never below zero. The approval threshold counts a user's direct changes of
    // the last day together, so some of them wait for finance instead of posting.
    const delta = rng.chance(0.6)
      ? rng.int(1, 300) * 100 * 100
      : -rng.int(0, Math.floor(Math.min(current, 20_000_00) / 100)) * 100;
    if (delta === 0) return;
    const answer = await run.call(
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
    const adjusted = await run.newEvents((e) => e.type === kind && data(e).userId === u.userId);
    run.expectOnce(
      `${waits ? 'ask finance to adjust' : 'adjust'} balance by ₦${naira(delta)}`,
      adjusted,
      answer,
      true,
    );
    if (adjusted[0] && data(adjusted[0]).amount !== delta)
      run.violate(`adjust balance by ${delta} kobo posted ${data(adjusted[0]).amount}`);
  },

  /**
   * A user deletes their account with their password, or the admin deletes it (as the web app
   * does: no Idempotency-Key). While a withdrawal of theirs is pending, approved or being sent it
   * must be refused (409) with nothing appended; otherwise it is done once, and the user leaves
   * the simulation (nobody acts by or on them again; their money stays in the books), to be erased
   * by the erasure reactor (checked at the end).
   */
  async deleteAccount(run, killMs) {
    const { rng, watch, users, admin, result } = run;
    if (users.length === 0) return;
    const inFlightOf = (u: SimUser) =>
      [...watch.withdrawals.values()].find((w) => w.userId === u.userId && moneyInFlight(w));
    // Now and then, on purpose, someone whose money is on its way out (to be refused): always
    // until one such refusal has been seen, so that every run sees one whatever the timing.
    const waiting = users.filter(inFlightOf);
    const seekRefusal = waiting.length > 0 && (result.deletions.refusedInFlight === 0 || rng.chance(0.5));
    const u = seekRefusal ? rng.pick(waiting) : rng.pick(users);
    const byAdmin = rng.chance(0.4);
    const inFlight = inFlightOf(u);
    const answer = await run.call(
      'deleteAccount',
      byAdmin
        ? { method: 'DELETE', path: `/api/admin/users/${u.userId}`, token: admin }
        : { method: 'DELETE', path: '/api/users/account', token: u.token, json: { password: USER_PASSWORD } },
      killMs,
    );
    const deleted = await run.newEvents((e) => e.type === 'UserDeleted' && data(e).userId === u.userId);
    const who = `${byAdmin ? "the admin's deletion of" : 'the deletion by'} ${u.username}`;
    // With Paystack the payout may settle in the background meanwhile: then the deletion may go
    // through (the watch checks that no withdrawal was in flight at the UserDeleted itself).
    const stillInFlight = inFlight && moneyInFlight(watch.withdrawals.get(inFlight.withdrawalId)!);
    if (stillInFlight && answer.status >= 200 && answer.status < 300)
      run.violate(
        `${who} answered ${answer.status} while withdrawal ${inFlight.withdrawalId} is ${inFlight.status}, expected 409`,
      );
    if (!inFlight && answer.status === 409 && !answer.lostAnswer)
      run.violate(`${who} answered 409 with no withdrawal in flight: ${answer.body?.message}`);
    run.expectOnce(`delete account of ${u.username}`, deleted, answer, !stillInFlight);
    if (inFlight && answer.status === 409 && deleted.length === 0) result.deletions.refusedInFlight++;
    if (deleted.length === 1) {
      users.splice(users.indexOf(u), 1);
      run.erased.push(u);
      result.deletions.erased++;
    }
  },

  /** A decision made again on something already decided: refused, and nothing appended. */
  async staleDecision(run, killMs) {
    const { rng, watch, options, step, admin, finance } = run;
    const settled = [...watch.withdrawals.values()].filter(
      (w) => w.status !== 'pending' && w.status !== 'approved' && run.active(w.userId),
    );
    const decided = [...watch.submissions.values()].filter(
      (s) => s.status !== 'pending' && run.active(s.userId),
    );
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
      const answer = await run.call(
        'staleDecision',
        { ...request, key: `sim-${options.seed}-${step}` },
        killMs,
      );
      // What the provider reports meanwhile (a webhook, reconciliation) is not the decision's doing.
      const appended = await run.newEvents((e) => data(e).withdrawalId === w.withdrawalId && madeByHand(e));
      // The same decision again may be a no-op success; a contradicting one must be refused. A
      // reversed payout has failed already (its money came back): marking it failed changes nothing.
      const same =
        (which === 'approve' && w.status !== 'rejected') ||
        (which === 'reject' && w.status === 'rejected') ||
        (which === 'mark-failed' && (w.status === 'payout_failed' || w.status === 'reversed'));
      if ((answer.status < 400 && !same) || appended.length)
        run.violate(
          `${which} of a ${w.status} withdrawal answered ${answer.status} and appended ${appended.length} events`,
        );
    } else if (decided.length) {
      const s = rng.pick(decided);
      const which = rng.pick(['approve', 'reject'] as const);
      const answer = await run.call(
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
      const appended = await run.newEvents(
        (e) => data(e).submissionId === s.submissionId && e.type !== 'SubmissionVerified',
      );
      const same = (which === 'approve') === (s.status === 'approved');
      if ((answer.status < 400 && !same) || appended.length)
        run.violate(
          `${which} of a ${s.status} submission answered ${answer.status} and appended ${appended.length} events`,
        );
    }
  },
};

async function addBank(run: SimulationRun, user: SimUser) {
  const accountNum = nubanOf('044', String(100000000 + user.index));
  const answer = await run.call('addBankDetails', {
    method: 'PUT',
    path: '/api/users/profile',
    token: user.token,
    json: {
      bankDetails: {
        bankName: 'Access Bank',
        accountNum,
        accountName: `${user.firstName} ${user.lastName}`,
      },
      currentPassword: USER_PASSWORD,
    },
  });
  const updated = await run.newEvents(
    (e) => e.type === 'BankDetailsUpdated' && data(e).userId === user.userId,
  );
  if (answer.status === 200 && updated.length === 1) {
    user.bank = true;
    user.accountNum = accountNum;
  } else run.violate(`bank details answered ${answer.status} and appended ${updated.length} events`);
}

async function decideSubmission(run: SimulationRun, which: 'approve' | 'reject', killMs?: number) {
  const { rng, watch, options, step, admin } = run;
  const pending = [...watch.submissions.values()].filter(
    (s) => s.status === 'pending' && run.active(s.userId),
  );
  if (pending.length === 0) return;
  const s = rng.pick(pending);
  const answer = await run.call(
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
  const events = await run.newEvents((e) => data(e).submissionId === s.submissionId);
  const decision = events.filter(
    (e) => e.type === (which === 'approve' ? 'SubmissionApproved' : 'SubmissionRejected'),
  );
  run.expectOnce(`${which} submission`, decision, answer, true);
  if (which === 'approve')
    run.expectOnce(
      'reward for the approved submission',
      events.filter((e) => e.type === 'RewardCredited'),
      answer,
      true,
    );
}

async function decideWithdrawal(run: SimulationRun, which: 'approve' | 'reject', killMs?: number) {
  const { rng, watch, options, step, approver, payoutScripts } = run;
  const pending = [...watch.withdrawals.values()].filter((w) => w.status === 'pending');
  if (pending.length === 0) return;
  const w = rng.pick(pending);
  if (which === 'approve') payoutScripts?.approving(w.withdrawalId);
  const answer = await run.call(
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
  const decided = await run.newEvents((e) => e.type === type && data(e).withdrawalId === w.withdrawalId);
  run.expectOnce(`${which} withdrawal`, decided, answer, true);
  if (which === 'approve' && decided.length) payoutScripts?.approved();
}

async function settle(run: SimulationRun, how: 'paid' | 'failed', killMs?: number) {
  const { rng, watch, options, step, finance, provider } = run;
  const approved = [...watch.withdrawals.values()].filter(
    (w: WithdrawalView) => w.status === 'approved' && onManualDesk(provider, w),
  );
  if (approved.length === 0) return;
  const w = rng.pick(approved);
  const answer = await run.call(
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
  run.expectOnce(
    `mark payout ${how}`,
    await run.newEvents((e) => e.type === type && data(e).withdrawalId === w.withdrawalId),
    answer,
    true,
  );
}

/** A withdrawal whose money is on its way out: the account cannot be deleted until it ends. */
function moneyInFlight(w: WithdrawalView): boolean {
  return w.status === 'pending' || w.status === 'approved' || w.status === 'sending';
}

/** How likely each action is now, from what the ledger holds. */
export function weights(run: SimulationRun): Record<Action, number> {
  const { watch, users, campaigns, provider } = run;
  const list = (filter: (w: WithdrawalView) => boolean) =>
    [...watch.withdrawals.values()].filter(filter).length;
  const pendingSubmissions = [...watch.submissions.values()].filter(
    (s) => s.status === 'pending' && run.active(s.userId),
  ).length;
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
    // Likelier while no deletion has yet been refused for money in flight and one can be now.
    deleteAccount:
      users.length < 3
        ? 0
        : run.result.deletions.refusedInFlight === 0 &&
            users.some((u) => list((w) => w.userId === u.userId && moneyInFlight(w)) > 0)
          ? 3
          : 0.8,
    staleDecision: watch.withdrawals.size + watch.submissions.size ? 0.5 : 0,
  };
}
