/**
 * Sessions that end on the server (docs/decisions/0012-sessions-that-end.md). A signed token alone
 * would stay good for its whole day; so every signed-in request also asks here whether its session
 * still stands: one round trip on two primary keys (migration 0008).
 *
 * - Logout ends one session: its id goes into `ended_sessions` until the token would have expired.
 * - A password change or reset, a suspension, a deletion and a role change end every session of
 *   the account: its generation goes up, and a token carries the generation it was issued at.
 */
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
}

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
   * How long a session found standing is taken as standing without asking again (default 1 s).
   * This process forgets it at once when it ends the session; another API process learns of the
   * end within this time. Without it the question costs every signed-in request a round trip
   * (dashboard 2,904 → 1,831 req/s in bench:api).
   */
  standingForMs?: number;
  now?: () => number;
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
  { standingForMs = 1000, now = Date.now }: SessionBookOptions = {},
): SessionBook {
  // Session id → whose it is and when it was last found standing.
  const standing = new Map<string, { userId: string; at: number }>();
  function remember(claims: SessionClaims) {
    if (standing.size >= REMEMBERED_SESSIONS)
      for (const [id, seen] of standing) if (now() - seen.at >= standingForMs) standing.delete(id);
    if (standing.size < REMEMBERED_SESSIONS)
      standing.set(claims.sessionId, { userId: claims.userId, at: now() });
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
      if (seen && now() - seen.at < standingForMs) return true;
      const { rows } = await pool.query<{ generation: number; ended: boolean }>({
        ...SESSION_STANDS,
        values: [claims.userId, claims.sessionId],
      });
      const row = rows[0]!;
      const stands = !row.ended && row.generation === claims.generation;
      if (stands) remember(claims);
      else standing.delete(claims.sessionId);
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
      for (const [id, seen] of standing) if (seen.userId === userId) standing.delete(id);
    },
  };
}
