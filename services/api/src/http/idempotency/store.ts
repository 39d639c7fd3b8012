/**
 * Idempotency-Key records in PostgreSQL (table idempotency_keys, migration 0004). A key is
 * claimed atomically by an INSERT that loses to any record already there, so of two concurrent
 * requests with the same key exactly one takes it. Where the event store is PostgreSQL the
 * command's append writes that claim in its own transaction (decisions/0048) and this store only
 * keeps answers: after a success is sent (`complete`), or with the claim of a request that never
 * appended (`claimWithAnswer`). Otherwise `claim` takes the key before the handler runs.
 *
 * The claims of one turn of the event loop go in one statement, and so do the answers
 * (`sameTurn`), which halved the round trips of a withdrawal under load. */
import { randomUUID } from 'node:crypto';
import { prepared, sameTurn, type Pool } from '@kobo/platform';

export interface IdempotencyScope {
  userId: string;
  key: string;
}

export interface IdempotencyRequest extends IdempotencyScope {
  requestHash: string;
  method: string;
  path: string;
}

export interface StoredResponse {
  status: number;
  contentType: string | null;
  body: string;
}

export type ClaimResult =
  /**
   * `token` names this attempt's hold on the key (for `release`). `takenOver`: an earlier
   * attempt's claim, left in flight past the lock timeout, is this one's now.
   */
  | { kind: 'claimed'; token: string; takenOver?: true }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in_flight' };

/**
 * How long, by default, a claim stays in flight before another attempt may take it over (its
 * process presumed dead): a client retrying "still being processed" must keep going longer.
 */
export const IDEMPOTENCY_LOCK_TIMEOUT_MS = 60_000;

/** How long a key's answer is kept by default: a client retrying a day later is not retrying. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyStoreOptions {
  /** An in-flight claim older than this is taken over (its process is presumed dead). */
  lockTimeoutMs?: number;
  /** How long a completed answer is kept; after that the key may be used afresh. */
  retentionMs?: number;
}

/** What a key's record says to a request that did not take it. */
export type KeyVerdict = Exclude<ClaimResult, { kind: 'claimed' }>;

export interface IdempotencyStore {
  /** How long a completed answer is kept: after that the key may be used afresh. */
  readonly retentionMs: number;
  claim(request: IdempotencyRequest): Promise<ClaimResult>;
  /**
   * Claims the key with its answer, for a request that took it nowhere else (its command never
   * appended): one insert that loses to any record already there, which then answers (a replay,
   * another request's key, or one still in flight).
   */
  claimWithAnswer(
    request: IdempotencyRequest,
    response: StoredResponse,
  ): Promise<{ kind: 'stored' } | KeyVerdict>;
  /** What the key's record says to this request; undefined when there is none. */
  verdict(request: IdempotencyRequest): Promise<KeyVerdict | undefined>;
  /** Stores the answer of a key in flight; false when it had one already (or no record). */
  complete(scope: IdempotencyScope, response: StoredResponse): Promise<boolean>;
  /**
   * Forgets an in-flight claim (the request failed on our side, so a retry should run again), if
   * the attempt whose `token` it is still holds it: one taken over since leaves it to its successor.
   */
  release(scope: IdempotencyScope, token: string): Promise<void>;
  /** Deletes records older than the retention; returns how many. */
  purgeExpired(): Promise<number>;
}

interface Row {
  request_hash: string;
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
  expired: boolean;
}

// Run for every request with a key, a turn's keys at once (the other statements only on a repeat
// or a failure). The keys of one statement are distinct, so the rows it returns name the claimed.
const CLAIM = prepared(
  `INSERT INTO idempotency_keys (user_id, key, request_hash, method, path, claim_token, locked_at)
   SELECT user_id, key, request_hash, method, path, claim_token, now()
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[])
          AS claimed (user_id, key, request_hash, method, path, claim_token)
   ON CONFLICT (user_id, key) DO NOTHING
   RETURNING user_id, key`,
);
const COMPLETE = prepared(
  `UPDATE idempotency_keys AS k
      SET response_status = answer.status, response_content_type = answer.content_type,
          response_body = answer.body, completed_at = now(), locked_at = NULL
     FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[])
          AS answer (user_id, key, status, content_type, body)
    WHERE k.user_id = answer.user_id AND k.key = answer.key AND k.response_status IS NULL
   RETURNING k.user_id, k.key`,
);
// A key claimed with its answer at once: a request that never appended (decisions/0048).
const CLAIM_WITH_ANSWER = prepared(
  `INSERT INTO idempotency_keys (user_id, key, request_hash, method, path, response_status,
                                 response_content_type, response_body, completed_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
   ON CONFLICT (user_id, key) DO NOTHING`,
);

const scopeKey = ({ userId, key }: IdempotencyScope) => JSON.stringify([userId, key]);

const ms = (param: string) => `(${param}::double precision * interval '1 millisecond')`;

export function createIdempotencyStore(pool: Pool, options: IdempotencyStoreOptions = {}): IdempotencyStore {
  const lockTimeoutMs = options.lockTimeoutMs ?? IDEMPOTENCY_LOCK_TIMEOUT_MS;
  const retentionMs = options.retentionMs ?? IDEMPOTENCY_RETENTION_MS;

  /** Whether the key was free and is this request's now, held with its token. */
  const insert = sameTurn(async (requests: (IdempotencyRequest & { token: string })[]) => {
    const { rows } = await pool.query<{ user_id: string; key: string }>({
      ...CLAIM,
      values: [
        requests.map((r) => r.userId),
        requests.map((r) => r.key),
        requests.map((r) => r.requestHash),
        requests.map((r) => r.method),
        requests.map((r) => r.path),
        requests.map((r) => r.token),
      ],
    });
    const claimed = new Set(rows.map((row) => scopeKey({ userId: row.user_id, key: row.key })));
    return requests.map((r) => claimed.has(scopeKey(r)));
  }, scopeKey);

  const storeAnswer = sameTurn(
    async (answers: { scope: IdempotencyScope; response: StoredResponse }[]) => {
      const { rows } = await pool.query<{ user_id: string; key: string }>({
        ...COMPLETE,
        values: [
          answers.map((a) => a.scope.userId),
          answers.map((a) => a.scope.key),
          answers.map((a) => a.response.status),
          answers.map((a) => a.response.contentType),
          answers.map((a) => a.response.body),
        ],
      });
      const stored = new Set(rows.map((row) => scopeKey({ userId: row.user_id, key: row.key })));
      return answers.map((answer) => stored.has(scopeKey(answer.scope)));
    },
    (answer) => scopeKey(answer.scope),
  );

  // A completed record past its retention is reused as if new.
  async function renewExpired(r: IdempotencyRequest, token: string): Promise<boolean> {
    const result = await pool.query(
      `UPDATE idempotency_keys
          SET request_hash = $3, method = $4, path = $5, response_status = NULL,
              response_content_type = NULL, response_body = NULL, completed_at = NULL,
              created_at = now(), locked_at = now(), claim_token = $7
        WHERE user_id = $1 AND key = $2 AND response_status IS NOT NULL
          AND created_at < now() - ${ms('$6')}`,
      [r.userId, r.key, r.requestHash, r.method, r.path, retentionMs, token],
    );
    return result.rowCount === 1;
  }

  // The row lock makes a second concurrent take-over re-check locked_at and find it fresh.
  async function takeOverStale(r: IdempotencyRequest, token: string): Promise<boolean> {
    const result = await pool.query(
      `UPDATE idempotency_keys SET locked_at = now(), claim_token = $5
        WHERE user_id = $1 AND key = $2 AND request_hash = $3 AND response_status IS NULL
          AND locked_at < now() - ${ms('$4')}`,
      [r.userId, r.key, r.requestHash, lockTimeoutMs, token],
    );
    return result.rowCount === 1;
  }

  /** The key's record as it is now, or undefined; an answer past its retention counts as none. */
  async function readRecord(request: IdempotencyRequest): Promise<Row | undefined> {
    const { rows } = await pool.query<Row>(
      `SELECT request_hash, response_status, response_content_type, response_body,
              created_at < now() - ${ms('$3')} AS expired
         FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [request.userId, request.key, retentionMs],
    );
    return rows[0];
  }

  function verdictOf(request: IdempotencyRequest, row: Row): KeyVerdict {
    if (row.request_hash !== request.requestHash) return { kind: 'mismatch' };
    if (row.response_status === null) return { kind: 'in_flight' };
    return {
      kind: 'replay',
      response: {
        status: row.response_status,
        contentType: row.response_content_type,
        body: row.response_body ?? '',
      },
    };
  }

  return {
    retentionMs,

    async claimWithAnswer(request, response) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = await pool.query({
          ...CLAIM_WITH_ANSWER,
          values: [
            request.userId,
            request.key,
            request.requestHash,
            request.method,
            request.path,
            response.status,
            response.contentType,
            response.body,
          ],
        });
        if (inserted.rowCount === 1) return { kind: 'stored' };
        const row = await readRecord(request);
        if (!row) continue; // purged between the two statements
        if (row.expired && row.response_status !== null) {
          const token = randomUUID();
          if (await renewExpired(request, token))
            if (await storeAnswer({ scope: request, response })) return { kind: 'stored' };
          continue;
        }
        return verdictOf(request, row);
      }
      return { kind: 'in_flight' };
    },

    async verdict(request) {
      const row = await readRecord(request);
      return row && !(row.expired && row.response_status !== null) ? verdictOf(request, row) : undefined;
    },

    async claim(request) {
      // A row can vanish between the INSERT and the SELECT (released after a failure): try again.
      const token = randomUUID();
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await insert({ ...request, token })) return { kind: 'claimed', token };
        const { rows } = await pool.query<Row>(
          `SELECT request_hash, response_status, response_content_type, response_body,
                  created_at < now() - ${ms('$3')} AS expired
             FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
          [request.userId, request.key, retentionMs],
        );
        const row = rows[0];
        if (!row) continue;
        if (row.expired && row.response_status !== null) {
          if (await renewExpired(request, token)) return { kind: 'claimed', token };
          continue;
        }
        if (row.request_hash !== request.requestHash) return { kind: 'mismatch' };
        if (row.response_status !== null)
          return {
            kind: 'replay',
            response: {
              status: row.response_status,
              contentType: row.response_content_type,
              body: row.response_body ?? '',
            },
          };
        return (await takeOverStale(request, token))
          ? { kind: 'claimed', token, takenOver: true }
          : { kind: 'in_flight' };
      }
      return { kind: 'in_flight' };
    },

    async complete(scope, response) {
      return storeAnswer({ scope, response });
    },

    async release({ userId, key }, token) {
      await pool.query(
        `DELETE FROM idempotency_keys
          WHERE user_id = $1 AND key = $2 AND response_status IS NULL AND claim_token = $3`,
        [userId, key, token],
      );
    },

    async purgeExpired() {
      const result = await pool.query(`DELETE FROM idempotency_keys WHERE created_at < now() - ${ms('$1')}`, [
        retentionMs,
      ]);
      return result.rowCount ?? 0;
    },
  };
}
