/**
 * Live balance updates: ONE listener per process, shared by every open stream. It LISTENs to the
 * projectors' checkpoint notifications; when both the balances and the transactions read models
 * have moved past what it last looked at, one query finds which connected users' rows changed in
 * between, and only their streams are told. The listener connection exists only while someone is
 * connected. See docs/decisions/0008-browser-sessions.md.
 *
 * Each stream belongs to the session that opened it: the same connection LISTENs to the channel
 * every session end is told on (logout, a password change or reset, a suspension, a deletion, from
 * any API process), and the streams of an ended session are closed at once. A user holds at most a
 * few streams across all processes (live-seats.ts). See
 * docs/decisions/0037-sign-in-limits-and-live-streams.md.
 */
import {
  CHECKPOINT_CHANNEL,
  DedicatedClient,
  usersNotifiedBetween,
  usersWithMovedBalances,
} from '@kobo/projector';
import type { Logger, Pool } from '@kobo/platform';
import { SESSIONS_ENDED_CHANNEL } from '../../http';
import { LiveSeats, type LiveSeatsOptions } from './live-seats';

/** The read models a balance event stands for: both must have applied the position announced. */
export const liveProjectors = ['balances', 'transactions'] as const;
/** The read model a notification event stands for. */
export const NOTIFICATIONS_PROJECTOR = 'notifications';

export interface LiveBalancesOptions {
  /** Safety net when a notification is lost (the listener reconnecting). Default 1000 ms. */
  pollIntervalMs?: number;
  /** The cap on each user's streams (LIVE_STREAMS_PER_USER, default 5). */
  seats?: LiveSeatsOptions;
}

/** The session a stream was opened in: its id and the user's session generation in its token. */
export interface StreamSession {
  id: string;
  generation: number;
}

export interface Subscriber {
  userId: string;
  /** Ended with it; a stream without one (the tests' own servers) ends only when it is closed. */
  session?: StreamSession;
  /** The user's balances or transactions changed; both read models are at `position`. */
  balance(position: number): void;
  /** The user has a new notification; the notifications read model is at `position`. */
  notification(position: number): void;
  /** The process is shutting down, or the session ended: end the stream. */
  end(): void;
}

export class LiveBalancesClosed extends Error {
  override readonly name = 'LiveBalancesClosed';
}

/** The user holds as many streams as they may. */
export class LiveStreamsFull extends Error {
  override readonly name = 'LiveStreamsFull';
}

/** The session ended before its stream was in place. */
export class LiveSessionEnded extends Error {
  override readonly name = 'LiveSessionEnded';
}

/**
 * Which of these streams' sessions have ended: logged out (`ended_sessions`) or issued before the
 * user's session generation rose (migration 0008).
 */
async function endedAmong(pool: Pool, subscribers: readonly Subscriber[]): Promise<Set<Subscriber>> {
  const tied = subscribers.filter((s) => s.session);
  if (!tied.length) return new Set();
  const { rows } = await pool.query<{ i: number }>(
    `SELECT s.i FROM unnest($1::uuid[], $2::text[], $3::int[]) WITH ORDINALITY AS s(session_id, user_id, generation, i)
      WHERE EXISTS (SELECT 1 FROM ended_sessions e WHERE e.session_id = s.session_id)
         OR coalesce((SELECT g.generation FROM session_generations g WHERE g.user_id = s.user_id), 0)
            <> s.generation`,
    [tied.map((s) => s.session!.id), tied.map((s) => s.userId), tied.map((s) => s.session!.generation)],
  );
  return new Set(rows.map((row) => tied[Number(row.i) - 1]!));
}

export class LiveBalances {
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private listening: Listening | null = null;
  private closed = false;
  private readonly seats: LiveSeats;
  private readonly seatOf = new Map<Subscriber, string>();

  constructor(
    private readonly pool: Pool,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
    private readonly options: LiveBalancesOptions = {},
  ) {
    this.seats = new LiveSeats(pool, logger, options.seats);
  }

  /** The most streams one user may hold open, across every process. */
  get perUser(): number {
    return this.seats.perUser;
  }

  /** Open streams, for metrics and tests. */
  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /**
   * Adds a stream; resolves once the listener is in place (every change committed after that
   * reaches it, and every session end). Returns the function that removes it. Refused when the
   * user holds all their seats (LiveStreamsFull) or the session has ended meanwhile
   * (LiveSessionEnded).
   */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    if (this.closed) throw new LiveBalancesClosed('live balances are closed');
    const seat = await this.seats.take(subscriber.userId);
    if (seat === undefined) throw new LiveStreamsFull(`user ${subscriber.userId} holds every seat`);
    if (this.closed) {
      this.seats.give(seat);
      throw new LiveBalancesClosed('live balances are closed');
    }
    this.seatOf.set(subscriber, seat);
    let set = this.byUser.get(subscriber.userId);
    if (!set) this.byUser.set(subscriber.userId, (set = new Set()));
    set.add(subscriber);
    const listening = (this.listening ??= new Listening(this.pool, this.logger, this.byUser, this.options));
    const unsubscribe = () => this.remove(subscriber);
    try {
      await listening.ready;
    } catch (error) {
      // The listener could not start (database down): the next subscriber tries a new one.
      if (this.listening === listening) this.listening = null;
      void listening.stop();
      unsubscribe();
      throw error;
    }
    // Listening now: an end from here on is told. One that came before is found here.
    try {
      if ((await endedAmong(this.pool, [subscriber])).size) throw new LiveSessionEnded('session ended');
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  private remove(subscriber: Subscriber): void {
    const seat = this.seatOf.get(subscriber);
    if (seat !== undefined) {
      this.seatOf.delete(subscriber);
      this.seats.give(seat);
    }
    const set = this.byUser.get(subscriber.userId);
    if (!set?.delete(subscriber)) return;
    if (!set.size) this.byUser.delete(subscriber.userId);
    if (!this.byUser.size && this.listening) {
      const listening = this.listening;
      this.listening = null;
      void listening.stop();
    }
  }

  /** Ends every stream and the listener; later subscriptions are refused (shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    const subscribers = [...this.byUser.values()].flatMap((set) => [...set]);
    this.byUser.clear();
    for (const subscriber of subscribers) subscriber.end();
    for (const seat of this.seatOf.values()) this.seats.give(seat);
    this.seatOf.clear();
    const listening = this.listening;
    this.listening = null;
    await listening?.stop();
  }
}

/** One LISTEN connection and the positions it has seen, alive while streams are open. */
class Listening {
  readonly ready: Promise<void>;
  private readonly known = new Map<string, number>();
  /** Changes up to here have been told. */
  private told = 0;
  /** Notifications up to here have been told. */
  private toldNotifications = 0;
  private readonly client: DedicatedClient;
  private poll: NodeJS.Timeout | undefined;
  private checking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The connection was lost: session ends told meanwhile were missed; look once reconnected. */
  private sessionsUnsure = false;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
    private readonly byUser: ReadonlyMap<string, ReadonlySet<Subscriber>>,
    options: LiveBalancesOptions,
  ) {
    const client = new DedicatedClient(
      pool,
      // Both are listened to before `ready` (checkpoints last: its LISTEN names the connection in
      // pg_stat_activity).
      [SESSIONS_ENDED_CHANNEL, CHECKPOINT_CHANNEL],
      (channel, payload) => {
        if (channel === SESSIONS_ENDED_CHANNEL) return this.sessionEnded(payload);
        const separator = payload.lastIndexOf(':');
        this.learn(payload.slice(0, separator), Number(payload.slice(separator + 1)));
        this.check();
      },
      () => {
        this.sessionsUnsure = true;
        logger.warn('live balances: listener connection lost; reconnecting');
      },
    );
    this.client = client;
    this.ready = (async () => {
      await client.get();
      // After LISTEN, so no commit falls between the two: start from where the read models are.
      await this.refresh();
      this.told = this.reached();
      this.toldNotifications = this.known.get(NOTIFICATIONS_PROJECTOR) ?? 0;
    })();
    this.ready.catch(() => undefined);
    this.poll = setInterval(() => {
      (this.client.connected ? Promise.resolve() : this.client.get())
        .then(() => {
          // Listening again: whatever ended while we were not is found by one look at every stream.
          if (!this.sessionsUnsure || !this.client.connected) return;
          this.sessionsUnsure = false;
          this.endStreamsOfEndedSessions([...this.byUser.values()].flatMap((set) => [...set]));
        })
        .catch(() => undefined);
      this.refresh()
        .then(() => this.check())
        .catch(() => undefined);
    }, options.pollIntervalMs ?? 1000);
    this.poll.unref();
  }

  /**
   * `session:<id>`: that session's streams end at once. `user:<id>`: the user's session generation
   * rose; their streams opened before it end (not one opened since, in a new session).
   */
  private sessionEnded(payload: string): void {
    const separator = payload.indexOf(':');
    const what = payload.slice(0, separator);
    const id = payload.slice(separator + 1);
    if (what === 'session') {
      for (const set of this.byUser.values())
        for (const subscriber of [...set]) if (subscriber.session?.id === id) subscriber.end();
    } else if (what === 'user') {
      this.endStreamsOfEndedSessions([...(this.byUser.get(id) ?? [])]);
    }
  }

  private endStreamsOfEndedSessions(subscribers: Subscriber[]): void {
    if (!subscribers.length) return;
    endedAmong(this.pool, subscribers)
      .then((ended) => {
        for (const subscriber of ended) subscriber.end();
      })
      .catch((error: unknown) => {
        // Looked at again on the next reconnect; meanwhile each stream's requests are refused anyway.
        this.sessionsUnsure = true;
        this.logger.error({ err: error }, 'live balances: session look-up failed');
      });
  }

  private learn(projector: string, position: number): void {
    const watched = [...liveProjectors, NOTIFICATIONS_PROJECTOR] as readonly string[];
    if (!watched.includes(projector) || !Number.isFinite(position)) return;
    if (position > (this.known.get(projector) ?? 0)) this.known.set(projector, position);
  }

  private reached(): number {
    return Math.min(...liveProjectors.map((name) => this.known.get(name) ?? 0));
  }

  private async refresh(): Promise<void> {
    const { rows } = await this.pool.query<{ projector: string; position: string }>(
      'SELECT projector, position FROM projection_checkpoints WHERE projector = ANY($1::text[])',
      [[...liveProjectors, NOTIFICATIONS_PROJECTOR]],
    );
    for (const row of rows) this.learn(row.projector, Number(row.position));
  }

  /** Runs one look at a time; a notification during a look asks for another. */
  private check(): void {
    if (this.stopped) return;
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = this.ready
      .then(() => this.tell())
      .catch((error: unknown) => this.logger.error({ err: error }, 'live balances: look-up failed'))
      .finally(() => {
        this.checking = null;
        if (this.again) {
          this.again = false;
          this.check();
        }
      });
  }

  private async tell(): Promise<void> {
    await this.tellNotifications();
    const from = this.told;
    const to = this.reached();
    if (to <= from) return;
    const userIds = [...this.byUser.keys()];
    if (userIds.length) {
      for (const userId of await usersWithMovedBalances(this.pool, userIds, from, to))
        for (const subscriber of this.byUser.get(userId) ?? []) subscriber.balance(to);
    }
    this.told = Math.max(this.told, to);
  }

  private async tellNotifications(): Promise<void> {
    const from = this.toldNotifications;
    const to = this.known.get(NOTIFICATIONS_PROJECTOR) ?? 0;
    if (to <= from) return;
    const userIds = [...this.byUser.keys()];
    if (userIds.length) {
      for (const user_id of await usersNotifiedBetween(this.pool, userIds, from, to))
        for (const subscriber of this.byUser.get(user_id) ?? []) subscriber.notification(to);
    }
    this.toldNotifications = Math.max(this.toldNotifications, to);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.poll);
    await this.checking;
    await this.client.close();
  }
}

const perContext = new WeakMap<object, LiveBalances>();

/** The process's one LiveBalances for an API context (the route and the shutdown share it). */
export function liveBalancesOf(context: { pool: Pool; logger: Logger }): LiveBalances {
  let live = perContext.get(context);
  if (!live) perContext.set(context, (live = new LiveBalances(context.pool, context.logger)));
  return live;
}
