/**
 * Idempotency-Key for money-moving commands. The key names the command: `commandIdOf(res)` is
 * derived from the user and the key, and the ledger records it with the command's events, which
 * is the one place a repeated command is recognised (docs/decisions/0015-one-retry-detector.md).
 *
 * Around that, this keeps answers: the first answer to a key is stored and replayed (header
 * `Idempotent-Replayed: true`); the same key with another request is refused (422); a duplicate
 * that finds the key taken while the first is still running gets 409.
 *
 * Two ways to take the key (docs/decisions/0048):
 *
 * - **In the append** (`claimInAppend`, the event store in PostgreSQL): no statement before the
 *   handler. The request's first command claims the key in its append's transaction, and the
 *   append writes nothing when the key is taken, so a key reused with another request moves no
 *   money. A success's answer is stored after it is sent: a retry meanwhile finds the command
 *   recorded and is answered as the first run (marked replayed). A request that never appended (a
 *   refusal, a route without a command) claims the key with its answer before sending it: an
 *   insert that loses to any record already there, which then answers. A 4xx is stored before it
 *   is sent. A claim exists only beside a recorded command, so none is ever given up or taken over.
 * - **Before the handler** (otherwise: KurrentDB shares no transaction with PostgreSQL): the key
 *   is claimed by a statement of its own. A duplicate that arrives while the first is marked
 *   running gets 409, unless the ledger has recorded the command already: then the first
 *   attempt's answer was lost, and the request runs again, which the ledger answers as the first
 *   run. Answers below 500 are stored before they are sent; a 5xx releases the key unless the
 *   ledger has recorded the command; a claim left in flight past the lock timeout is taken over.
 *
 * Either way an answer that could not be stored before it is sent is never sent: the caller gets
 * a 503 instead and retries, and the retry is answered as a replay (the ledger recorded the
 * command) or runs as the first (it did not), so a retried command always answers as the first
 * answer the caller heard.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '@kobo/platform';
import type { RequestKeyClaim } from '@kobo/ledger';
import { HttpProblem, problemFor } from '../problem';
import { requestFingerprint } from './fingerprint';
import type {
  IdempotencyRequest,
  IdempotencyScope,
  IdempotencyStore,
  KeyVerdict,
  StoredResponse,
} from './store';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const idempotencyMessages = {
  missing: 'Idempotency-Key header is required for this request',
  malformed: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  reused: 'Idempotency-Key reused with a different request',
  inFlight: 'A request with this Idempotency-Key is still being processed; retry shortly',
  notRecorded: 'The answer could not be recorded; please retry with the same Idempotency-Key',
} as const;

export interface IdempotencyOptions {
  store: IdempotencyStore;
  /** Whether the ledger has recorded the command with this id (EventStore.readCommand). */
  commandRecorded: (commandId: string) => Promise<boolean>;
  /**
   * Runs the handler so that the request's first command claims the key in its append (the
   * ledger's `withKeyClaim`, when its store claims keys in appends). Without it the key is
   * claimed before the handler runs.
   */
  claimInAppend?: (claim: RequestKeyClaim, handle: () => void) => void;
  /** Without a key: 400 when required, otherwise the request runs unprotected. Default true. */
  required?: boolean;
  logger?: Pick<Logger, 'error'>;
}

export function parseIdempotencyKey(header: string): string | undefined {
  // Accept the IETF draft's structured-field string ("...") as well as the bare token.
  const key = /^".*"$/.test(header) ? header.slice(1, -1) : header;
  return /^[\x21-\x7E]{1,255}$/.test(key) ? key : undefined;
}

/** How every command id named from an Idempotency-Key begins (the scheduled purge forgets them). */
export const KEYED_COMMAND_ID_PREFIX = 'idempotency:';

/**
 * The id of the command a request with an Idempotency-Key names: the same user, key and request
 * (its fingerprint) are the same command. The key reused with another request names another
 * command, so once its answer has expired the key starts afresh instead of meeting the old one.
 */
export function commandIdFor({
  userId,
  key,
  requestHash,
}: IdempotencyScope & { requestHash: string }): string {
  return `${KEYED_COMMAND_ID_PREFIX}${createHash('sha256')
    .update(JSON.stringify([userId, key, requestHash]))
    .digest('hex')}`;
}

/** The command id of this request, when it carries an Idempotency-Key; pass it to the command. */
export function commandIdOf(res: Response): string | undefined {
  return res.locals.commandId as string | undefined;
}

/**
 * The command id of one step of a request that runs several commands (an admin's user edit: the
 * profile, the status, the balance), from the request's command id. Each step is its own command
 * (the ledger refuses one id for two kinds of command), so a request run again after its answer
 * was lost meets each step it already did instead of deciding it again. Undefined without a key.
 */
export function commandIdOfStep(requestCommandId: string | undefined, step: string): string | undefined {
  return requestCommandId === undefined ? undefined : `${requestCommandId}:${step}`;
}

/**
 * Whether this request's key has a record already: for a handler about to do something a repeat
 * must not do again before its command (judge a transaction PIN and count a wrong try). A record
 * means the request was answered before or the key is another request's (the answer then comes
 * from the record: the command's append finds the key taken), or its command is recorded (the
 * request runs again, unjudged, and the ledger answers as the first run). Costs a read where the
 * key is claimed in the append; before the handler, only a run again (marked replayed) gets here.
 */
export async function keyAlreadyUsed(res: Response): Promise<boolean> {
  if (res.getHeader(REPLAYED_HEADER) === 'true') return true;
  const look = res.locals.keyAlreadyUsed as (() => Promise<boolean>) | undefined;
  return look ? look() : false;
}

export function idempotency({
  store,
  commandRecorded,
  claimInAppend,
  required = true,
  logger,
}: IdempotencyOptions): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get(IDEMPOTENCY_HEADER);
    if (header === undefined) {
      if (!required) return next();
      throw new HttpProblem('bad_request', idempotencyMessages.missing, {
        [IDEMPOTENCY_HEADER]: idempotencyMessages.missing,
      });
    }
    const key = parseIdempotencyKey(header.trim());
    if (!key)
      throw new HttpProblem('bad_request', idempotencyMessages.malformed, {
        [IDEMPOTENCY_HEADER]: idempotencyMessages.malformed,
      });

    const scope: IdempotencyScope = { userId: res.locals.principal?.userId ?? '', key };
    const path = req.originalUrl;
    const requestHash = requestFingerprint(req.method, path, req.body);
    const commandId = commandIdFor({ ...scope, requestHash });
    res.locals.commandId = commandId;
    const request: IdempotencyRequest = { ...scope, method: req.method, path, requestHash };
    if (claimInAppend) {
      const held: RequestKeyClaim = {
        commandId,
        claim: { ...request, retentionMs: store.retentionMs },
        state: 'unclaimed',
      };
      res.locals.keyAlreadyUsed = async () => (await store.verdict(request)) !== undefined;
      keepAnswer(res, request, held, { store, logger });
      return claimInAppend(held, next);
    }
    const claim = await store.claim(request);
    switch (claim.kind) {
      case 'replay':
        return replay(res, claim.response);
      case 'mismatch':
        throw new HttpProblem('idempotency_key_reused', idempotencyMessages.reused);
      case 'in_flight':
        if (!(await commandRecorded(commandId)))
          throw new HttpProblem('request_in_progress', idempotencyMessages.inFlight, undefined, {
            'Retry-After': '1',
          });
        // Done in the ledger but no answer stored: run again; the ledger answers as the first run,
        // so the answer is a replay of it.
        res.setHeader(REPLAYED_HEADER, 'true');
        // Not this run's key to give up: the attempt holding it may still answer there.
        recordFirstAnswer(res, scope, commandId, undefined, { store, commandRecorded, logger });
        return next();
      case 'claimed':
        // An earlier attempt's stale claim: if the ledger took its command, this answer replays it.
        if (claim.takenOver && (await commandRecorded(commandId))) res.setHeader(REPLAYED_HEADER, 'true');
        recordFirstAnswer(res, scope, commandId, claim.token, { store, commandRecorded, logger });
        return next();
    }
  };
}

/**
 * Keeps the answer of a request whose key its command's append claims (see the top), by where the
 * claim stands when the handler answers.
 */
function keepAnswer(
  res: Response,
  request: IdempotencyRequest,
  held: RequestKeyClaim,
  { store, logger }: Pick<IdempotencyOptions, 'store' | 'logger'>,
): void {
  const send = res.send.bind(res);
  let settled = false;
  const contentType = () => contentTypeOf(res);

  /** The answer a record gives a request that did not take the key. */
  const answerFrom = (verdict: KeyVerdict): void => {
    res.removeHeader(REPLAYED_HEADER);
    switch (verdict.kind) {
      case 'replay':
        return replay(res, verdict.response, send);
      case 'mismatch':
        problemFor(res, 'idempotency_key_reused', idempotencyMessages.reused);
        return;
      case 'in_flight':
        problemFor(res, 'request_in_progress', idempotencyMessages.inFlight, undefined, {
          'Retry-After': '1',
        });
        return;
    }
  };
  const notRecorded = (error: unknown): void => {
    logger?.error({ err: error }, 'could not store the idempotent response');
    res.removeHeader(REPLAYED_HEADER);
    problemFor(res, 'unavailable', idempotencyMessages.notRecorded, undefined, { 'Retry-After': '1' });
  };

  const keep = async (status: number, body: unknown, text: string): Promise<void> => {
    const response = { status, contentType: contentType(), body: text };
    switch (held.state) {
      case 'claimed':
        // The key's record is this run's, beside its recorded command.
        if (status < 300) {
          // Sent first: until stored, a retry finds the command recorded and runs as its repeat.
          send(body);
          await store.complete(request, response).catch((error: unknown) => {
            logger?.error({ err: error }, 'could not store the idempotent response');
          });
          return;
        }
        if (status >= 500) return void send(body); // a retry runs again: the ledger answers
        // A refusal after the command (a later step): stored before it is sent.
        try {
          await store.complete(request, response);
        } catch (error) {
          return notRecorded(error);
        }
        return void send(body);
      case 'taken':
        // The append wrote nothing: the key's record answers.
        try {
          // No record: the claim that refused this one was a moment ago; a retry finds it.
          return answerFrom((await store.verdict(request)) ?? { kind: 'in_flight' });
        } catch (error) {
          return notRecorded(error);
        }
      case 'repeat':
      case 'unclaimed':
      case 'claiming': {
        if (status >= 500) return void send(body); // nothing claimed, or the first run's claim stands
        let outcome: Awaited<ReturnType<IdempotencyStore['claimWithAnswer']>>;
        try {
          outcome = await store.claimWithAnswer(request, response);
          // A repeat whose first answer was lost (its record in flight): this is its answer.
          if (
            held.state === 'repeat' &&
            outcome.kind === 'in_flight' &&
            (await store.complete(request, response))
          ) {
            res.setHeader(REPLAYED_HEADER, 'true');
            return void send(body);
          }
        } catch (error) {
          return notRecorded(error);
        }
        if (outcome.kind === 'stored') return void send(body);
        return answerFrom(outcome);
      }
    }
  };

  res.send = function sendWhenKept(body?: unknown) {
    // Objects go through res.json, which calls res.send again with the serialized text.
    if (settled || (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)))
      return send(body);
    settled = true;
    const text = body === undefined ? '' : Buffer.isBuffer(body) ? body.toString('utf8') : body;
    void keep(res.statusCode, body, text).catch((error: unknown) =>
      logger?.error({ err: error }, 'could not send the idempotent response'),
    );
    return res;
  };
  // Answers that bypass res.send (res.end, streams) are kept with an empty body, after they went.
  res.on('finish', () => {
    if (settled) return;
    settled = true;
    const response = { status: res.statusCode, contentType: contentType(), body: '' };
    if (res.statusCode >= 500) return;
    const kept =
      held.state === 'claimed' ? store.complete(request, response) : store.claimWithAnswer(request, response);
    void kept.catch((error: unknown) =>
      logger?.error({ err: error }, 'could not store the idempotent response'),
    );
  });
}

function replay(res: Response, stored: StoredResponse, send: Response['send'] = res.send.bind(res)): void {
  res.status(stored.status).setHeader(REPLAYED_HEADER, 'true');
  if (stored.contentType) res.setHeader('Content-Type', stored.contentType);
  send(stored.body);
}

/**
 * Stores the answer before it is sent, so a client that retries the moment it hears back finds
 * the record complete rather than in flight. `token`: this run's hold on the key, which a 5xx
 * gives up (undefined for a run on a key another attempt holds).
 */
function recordFirstAnswer(
  res: Response,
  scope: IdempotencyScope,
  commandId: string,
  token: string | undefined,
  { store, commandRecorded, logger }: Pick<IdempotencyOptions, 'store' | 'commandRecorded' | 'logger'>,
): void {
  const send = res.send.bind(res);
  let settled = false;

  /** Whether the answer may go out: stored (below 500), or a 5xx, whose key is given up or kept. */
  const persist = async (status: number, body: string): Promise<boolean> => {
    if (status < 500)
      try {
        await store.complete(scope, { status, contentType: contentTypeOf(res), body });
        return true;
      } catch (error) {
        logger?.error({ err: error }, 'could not store the idempotent response');
      }
    // A run cut off after the ledger recorded its command (its process dying) keeps the key: a
    // retry running the command again meanwhile stores its answer there, and a later one runs
    // again and is answered as a replay. Only a 5xx (or an answer not stored) pays for this look-up.
    try {
      if (token !== undefined && !(await commandRecorded(commandId))) await store.release(scope, token);
    } catch (error) {
      logger?.error({ err: error }, 'could not release the idempotency key');
    }
    return status >= 500;
  };

  res.send = function sendAfterStoring(body?: unknown) {
    // Objects go through res.json, which calls res.send again with the serialized text.
    if (settled || (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)))
      return send(body);
    settled = true;
    const text = body === undefined ? '' : Buffer.isBuffer(body) ? body.toString('utf8') : body;
    void persist(res.statusCode, text)
      .then((mayGoOut) => {
        if (mayGoOut) return send(body);
        // Never an answer a retry could not repeat.
        res.removeHeader(REPLAYED_HEADER);
        problemFor(res, 'unavailable', idempotencyMessages.notRecorded, undefined, { 'Retry-After': '1' });
      })
      .catch((error: unknown) => logger?.error({ err: error }, 'could not send the idempotent response'));
    return res;
  };
  // Answers that bypass res.send (res.end, streams) are recorded with an empty body.
  res.on('finish', () => {
    if (settled) return;
    settled = true;
    void persist(res.statusCode, '');
  });
}

function contentTypeOf(res: Response): string | null {
  const value = res.getHeader('Content-Type');
  return value === undefined ? null : String(value);
}
