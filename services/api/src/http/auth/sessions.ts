/**
 * Sessions that end on the server (docs/decisions/0012-sessions-that-end.md). A signed token alone
 * would stay good for its whole day; so every signed-in request also asks here whether its session
 * still stands: one round trip on two primary keys (migration 0008), remembered for a while.
 *
 * - Logout ends one session: its id goes into `ended_sessions` until the token would have expired.
 * - A password change or reset, a suspension, a deletion and a role change end every session of
 *   the account: its generation goes up, and a token carries the generation it was issued at.
 *
 * Every end is told on a channel (migration 0031, whoever wrote it), and each book listens: while
 * it listens, a session found standing is remembered for a minute and forgotten the moment its end
 * is told; while it does not (its connection lost), for one second, as before it listened.
 */
import { DedicatedClient } from '@kobo/projector';
import { prepared, type Pool, type PoolClient } from '@kobo/platform';
import type { Principal, SessionClaims, TokenService } from './tokens';

type Db = Pool | PoolClient;

export interface SessionBook {
  /** A token for a new session of the principal. */
  open(principal: Principal): Promise<string>;
  /** Whether the session of these verified claims still stands. */
  stands(claims: SessionClaims): Promise<boolean>;
  /** Ends one session (logout). */
  end(claims: SessionClaims): Promise<void>;
  /**
   * Ends every session of the account, at once for every API process. `db` lets a caller do it
   * inside the transaction that makes the change (a new password), so both happen or neither.
   */
  endAll(userId: string, db?: Db): Promise<void>;
  /** Stops listening for ends (the process is stopping). */
  close(): Promise<void>;
}

/** The channel every session end is told on (migration 0031): `session:<id>` or `user:<id>`. */
export const SESSIONS_ENDED_CHANNEL = 'kobo_sessions_ended';

/**
 * Ends every session of the account (SessionBook.endAll), for callers that have a database but no
 * token service (the bootstrap of staff accounts).
 */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO session_generations (user_id, generation) VALUES ($1, 1)
     ON CONFLICT (user_id) DO UPDATE SET generation = session_generations.generation + 1`,
    [userId],
  );
}

export interface SessionBookOptions {
  /**
   * How long a session found standing is taken as standing without asking again while this book
   * is not told of ends (default 1 s: its listening connection is down, or not up yet). This process
   * forgets it at once when it ends the session itself. Without it the question costs every
   * signed-in request a round trip (dashboard 2,904 → 1,831 req/s in bench:api).
   */
  standingForMs?: number;
  /**
   * The same while this book is told of every end (default 60 s): the end's notice makes it ask
   * again at once, so this only bounds how long a notice lost in some way we did not foresee would
   * go unnoticed.
   */
  toldStandingForMs?: number;
  now?: () => number;
}

interface Seen {
  userId: string;
  /** When the question that found the session standing was asked... */
  at: number;
  /** ...and its number among this book's questions. */
  question: number;
}

/** Sessions remembered as standing; past this many, the stale ones are dropped. */
const REMEMBERED_SESSIONS = 10_000;

/** Asked on a signed-in request whose session was not found standing in the last second. */
const SESSION_STANDS = prepared(
  `SELECT coalesce((SELECT generation FROM session_generations WHERE user_id = $1), 0) AS generation,
          EXISTS (SELECT 1 FROM ended_sessions WHERE session_id = $2) AS ended`,
);

export function createSessionBook(
  pool: Pool,
  tokens: TokenService,
  { standingForMs = 1000, toldStandingForMs = 60_000, now = Date.now }: SessionBookOptions = {},
): SessionBook {
  // Session id → whose it is, and when and in which turn (`question`) it was last found standing.
  const standing = new Map<string, Seen>();
  function remember(claims: SessionClaims, seen: Omit<Seen, 'userId'>) {
    if (standing.size >= REMEMBERED_SESSIONS)
      for (const [id, known] of standing) if (!stillStanding(known)) standing.delete(id);
    if (standing.size < REMEMBERED_SESSIONS)
      standing.set(claims.sessionId, { userId: claims.userId, ...seen });
  }
  function forgetUser(userId: string) {
    for (const [id, seen] of standing) if (seen.userId === userId) standing.delete(id);
  }

  // Questions asked of the database so far, and the count when this book began to be told of
  // every end (undefined: not listening). Only the answer to a question asked after that may be
  // kept for the longer time: one asked before could have read the tables just before an end
  // whose notice was sent before we listened.
  let questions = 0;
  let toldAfter: number | undefined;
  // Notices received so far: a question during which one arrived is not remembered, since its
  // answer may predate the end that notice told (and forgot nothing, the answer not being kept yet).
  let notices = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const listener = new DedicatedClient(
    pool,
    [SESSIONS_ENDED_CHANNEL],
    (_channel, payload) => {
      notices++;
      const separator = payload.indexOf(':');
      const what = payload.slice(0, separator);
      const id = payload.slice(separator + 1);
      if (what === 'session') standing.delete(id);
      else forgetUser(id);
    },
    () => {
      toldAfter = undefined;
      listenSoon();
    },
  );
  let listening: Promise<void> | undefined;
  function listen(): void {
    // After a failed attempt, the retry's timer is the one way back (not every question).
    if (closed || listening || retry || toldAfter !== undefined) return;
    listening = listener
      .get()
      .then(
        () => {
          if (listener.connected) toldAfter = questions;
        },
        () => listenSoon(),
      )
      .finally(() => (listening = undefined));
  }
  function listenSoon(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      listen();
    }, 1000);
    retry.unref();
  }

  function stillStanding(seen: Seen): boolean {
    const age = now() - seen.at;
    if (age < standingForMs) return true;
    return toldAfter !== undefined && seen.question > toldAfter && age < toldStandingForMs;
  }

  async function generationOf(userId: string): Promise<number> {
    const { rows } = await pool.query<{ generation: number }>(
      'SELECT generation FROM session_generations WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.generation ?? 0;
  }

  return {
    async open(principal) {
      return tokens.issue(principal, await generationOf(principal.userId));
    },
    async stands(claims) {
      const seen = standing.get(claims.sessionId);
      if (seen && stillStanding(seen)) return true;
      listen();
      const asked = { at: now(), question: ++questions };
      const noticesBefore = notices;
      const { rows } = await pool.query<{ generation: number; ended: boolean }>({
        ...SESSION_STANDS,
        values: [claims.userId, claims.sessionId],
      });
      const row = rows[0]!;
      const stands = !row.ended && row.generation === claims.generation;
      if (!stands) standing.delete(claims.sessionId);
      else if (notices === noticesBefore) remember(claims, asked);
      return stands;
    },
    async end(claims) {
      standing.delete(claims.sessionId);
      await pool.query(
        'INSERT INTO ended_sessions (session_id, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [claims.sessionId, claims.expiresAt],
      );
      // The rows of tokens that have expired by now say nothing any more.
      await pool.query('DELETE FROM ended_sessions WHERE expires_at < now()');
    },
    async endAll(userId, db = pool) {
      await endAllSessions(db, userId);
      forgetUser(userId);
    },
    async close() {
      closed = true;
      toldAfter = undefined;
      if (retry) clearTimeout(retry);
      await listening;
      await listener.close();
    },
  };
}
