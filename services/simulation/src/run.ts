/**
 * One run of the bank test: the system it drives, the seeded choices, the clients' view of the
 * ledger, the schedule, the figures, and the way every client request is sent and judged
 * (`call`, `expectOnce`). The steps are in simulate.ts, the clients' actions in actions.ts.
 */
import { createHash, type Hash } from 'node:crypto';
import sharp from 'sharp';
import { MANUAL_TRANSFER } from '@kobo/jobs';
import type { PaystackDouble } from '@kobo/jobs/testing';
import { moneyRules, type RecordedKoboEvent } from '@kobo/ledger';
import { send, type Answer, type Request } from './http-client';
import { LedgerWatch } from './ledger-watch';
import { Prng } from './prng';
import { firstPayoutScripts, startSimulatedPaystack, type PayoutProviderName } from './provider';
import { startSystem, type ProcessKind, type System } from './system';
import type { SimulationOptions, SimulationResult } from './simulate';

export interface SimUser {
  index: number;
  userId: string;
  token: string;
  bank: boolean;
  /** What they signed up with, each theirs alone (so that a scan for it finds only them). */
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** Their bank account number, once they gave their bank details. */
  accountNum?: string;
}

export const naira = (kobo: number) => kobo / 100;
export const USER_PASSWORD = 'simulated-password';

export const data = (e: RecordedKoboEvent) => e.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- event data

/** An event a person's decision appends (not the provider's reports, which come in the background). */
export function madeByHand(e: RecordedKoboEvent): boolean {
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

export class SimulationRun {
  readonly rng: Prng;
  /**
   * The faults' own draws (which step kills what, for how long), apart from `rng`: the draws made
   * with `rng` follow what the run meets, which depends on timing; a seed's faults do not.
   */
  readonly faults: Prng;
  readonly faultRate: number;
  readonly schedule: Hash = createHash('sha256');
  readonly result: SimulationResult;
  readonly watch: LedgerWatch;
  readonly rules: ReturnType<typeof moneyRules>;
  /** The users who may act and be acted on: registered and not deleted. */
  readonly users: SimUser[] = [];
  /** Users whose account was deleted: gone from `users`, to be erased (checked at the end). */
  readonly erased: SimUser[] = [];
  /** Users registered so far (deleted ones included): the next one's index. */
  registered = 0;
  readonly campaigns: string[] = [];
  /** The processes killed, and the step each is started again at. */
  readonly restartAt = new Map<ProcessKind, number>();
  readonly http: { baseUrl: () => string; apiReady: () => Promise<void> };
  readonly admin: string;
  /** Withdrawals are decided by another admin than the one who changes balances. */
  readonly approver: string;
  readonly finance: string;
  readonly payoutScripts: ReturnType<typeof firstPayoutScripts> | undefined;
  step = 0;

  private constructor(
    readonly options: SimulationOptions,
    readonly provider: PayoutProviderName,
    readonly paystack: PaystackDouble | undefined,
    readonly system: System,
    readonly proofs: Buffer[],
  ) {
    this.rng = new Prng(options.seed);
    this.faults = new Prng(options.seed ^ 0x5eed_fa17);
    this.faultRate = options.faultRate ?? 0.05;
    this.payoutScripts = paystack && firstPayoutScripts(paystack);
    this.watch = new LedgerWatch(system.store);
    this.result = {
      seed: options.seed,
      steps: options.steps,
      provider,
      stepsRun: 0,
      commands: {},
      retries: 0,
      duplicates: 0,
      kills: { projectors: 0, jobs: 0, api: 0 },
      deletions: { erased: 0, refusedInFlight: 0 },
      events: 0,
      durationMs: 0,
      fingerprint: '',
      checks: [],
      findings: {},
    };
    this.rules = moneyRules(system.config.money);
    this.http = { baseUrl: () => system.baseUrl, apiReady: () => system.apiReady() };
    this.admin = system.adminToken;
    this.approver = system.approverToken;
    this.finance = system.financeToken;
  }

  /** The Paystack double (with Paystack), the system on the given database, and the proof images. */
  static async start(options: SimulationOptions): Promise<SimulationRun> {
    const provider = options.provider ?? 'manual';
    // The double's draws are keyed by the seed and each transfer's reference, not taken from `rng`.
    const paystack: PaystackDouble | undefined =
      provider === 'paystack' ? await startSimulatedPaystack(options.seed) : undefined;
    const system = await startSystem({
      pool: options.pool,
      databaseUrl: options.databaseUrl,
      paystack,
    }).catch(async (error: unknown) => {
      await paystack?.close();
      throw error;
    });
    const proofs = await proofImages();
    return new SimulationRun(options, provider, paystack, system, proofs);
  }

  /** Whether this user may still act and be acted on (registered, not deleted). */
  active(userId: string): boolean {
    return this.users.some((u) => u.userId === userId);
  }

  /** Keeps the first broken invariant, with the step it was seen at. */
  violate(what: string): void {
    this.result.violation ??= `step ${this.step}: ${what}`;
  }

  /** Counts an answer that was not what a client would hope for, though every invariant held. */
  note(what: string): void {
    this.result.findings[what] = (this.result.findings[what] ?? 0) + 1;
  }

  /** Sends, counts, and maybe (seeded) sends the same request again with its key. */
  async call(kind: string, request: Request, killApiAfterMs?: number): Promise<Answer> {
    const { result, schedule, system, http, step } = this;
    result.commands[kind] = (result.commands[kind] ?? 0) + 1;
    const duplicate = request.key !== undefined && this.rng.chance(0.2);
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
        this.violate(
          `${kind} sent again with the same key answered ${again.status}, the first time ${answer.status}`,
        );
      else if (!again.replayed && answer.status < 300)
        this.violate(`${kind} sent again with the same key was not a replay`);
    }
    return answer;
  }

  /** The events appended since the last look that `filter` keeps. */
  async newEvents(filter: (e: RecordedKoboEvent) => boolean): Promise<RecordedKoboEvent[]> {
    return (await this.watch.catchUp()).filter(filter);
  }

  /** Exactly once: one event for an accepted request, none for a refused one (`accepted`: expected to be accepted). */
  expectOnce(what: string, events: RecordedKoboEvent[], answer: Answer, accepted: boolean): void {
    const ok2xx = answer.status >= 200 && answer.status < 300;
    if (!ok2xx && answer.lostAnswer && events.length === 1 && answer.status < 500) {
      // The first attempt took effect but its answer was lost with its API; the retry ran the
      // command again and was told it was done already. Exactly once in the ledger; noted.
      return this.note(
        `${what.split(' ')[0]}: retry after a lost answer answered ${answer.status} "${answer.body?.message}"`,
      );
    }
    // Refused with nothing appended is consistent (e.g. the admin's lookup reads a read model the
    // stopped projectors had not filled yet); it is noted, not a broken invariant.
    if (accepted && !ok2xx && events.length === 0)
      return this.note(
        `${what.split(' ').slice(0, 2).join(' ')}: refused ${answer.status} "${answer.body?.message}" with nothing appended`,
      );
    if (!accepted && ok2xx) this.violate(`${what}: expected to be refused, answered ${answer.status}`);
    const wanted = ok2xx ? 1 : 0;
    if (events.length !== wanted)
      this.violate(
        `${what}: answered ${answer.status} and appended ${events.length} events (exactly-once wants ${wanted}); ` +
          `${answer.retries} retries${answer.lostAnswer ? ' after a lost answer' : ''}; answer ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
  }
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
