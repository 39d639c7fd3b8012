/**
 * The transaction PIN (table transaction_pins, migration 0034; decisions/0033-transaction-pin.md):
 * four digits, set once with the password, asked for every withdrawal from then on. Five wrong PINs
 * in a row block withdrawals (not sign-in) for 30 minutes. A credential like the password: hashed
 * the same way, kept beside the sign-in row, never in the event log, removed by a password reset.
 */
import { inTransaction, prepared, sameTurn, type Pool, type PoolClient } from '@kobo/platform';
import { hashPassword, passwordMatches } from './password-hashing';

type Db = Pool | PoolClient;

/** Wrong PINs in a row that block withdrawals; the last of them is the one that blocks. */
export const PIN_WRONG_TRIES_ALLOWED = 5;
export const PIN_BLOCK_MINUTES = 30;

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const pinMessages = {
  format: 'Your PIN must be 4 digits.',
  guessable: 'Choose a PIN that is harder to guess.',
  currentPasswordNeeded: 'Please enter your current password to set your transaction PIN.',
  set: 'Your transaction PIN is set.',
  changed: 'Your transaction PIN is changed.',
  needed: 'Enter your 4-digit transaction PIN.',
  wrong: (triesLeft: number) => `Wrong PIN. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  /** HH:MM, 24-hour, Lagos time (West Africa Time, UTC+1 all year). */
  blocked: (until: Date) => `Too many wrong PINs. Withdrawals are blocked until ${lagosTime.format(until)}.`,
} as const;

export const isPinShaped = (pin: string): boolean => /^\d{4}$/.test(pin);

/** The first guesses of anyone holding the phone: 0000, 1234 and four of one digit. */
export function isGuessablePin(pin: string): boolean {
  return pin === '1234' || /^(\d)\1{3}$/.test(pin);
}

export async function hasTransactionPin(db: Db, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM transaction_pins WHERE user_id = $1', [userId]);
  return rowCount === 1;
}

/**
 * Sets the PIN, or replaces the one there: a new PIN starts with no wrong tries (the old guesses say
 * nothing about it), but a block stands until it ends (it is on withdrawals, not on the PIN).
 * The caller has checked the password and the PIN's shape. Answers whether a PIN was replaced.
 */
export async function setTransactionPin(db: Db, userId: string, pin: string, now: Date): Promise<boolean> {
  const pinHash = await hashPassword(pin);
  const { rows } = await db.query<{ replaced: boolean }>(
    // xmax is 0 on a row this statement inserted and set on one it updated.
    `INSERT INTO transaction_pins (user_id, pin_hash, set_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET pin_hash = excluded.pin_hash, failed_tries = 0, set_at = excluded.set_at
     RETURNING xmax <> 0 AS replaced`,
    [userId, pinHash, now],
  );
  return rows[0]!.replaced;
}

/** Removes the PIN and any block (a completed password reset): the user sets a new one. */
export async function clearTransactionPin(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM transaction_pins WHERE user_id = $1', [userId]);
}

export type PinCheck =
  /** The account has no PIN: withdrawals go on as without one. */
  | { kind: 'no_pin' }
  | { kind: 'right' }
  /** A PIN is set and none (or not four digits) was given: not a try. */
  | { kind: 'missing' }
  | { kind: 'wrong'; triesLeft: number }
  /** Blocked until `until`: by this try (the last allowed), or already, whatever PIN was given. */
  | { kind: 'blocked'; until: Date }
  /** A repeat of a request already taken: not judged again (its first run was). */
  | { kind: 'unjudged' };

interface PinRow {
  pin_hash: string;
  failed_tries: number;
  blocked_until: Date | null;
}

/** The answer that needs no judgement (no PIN, a block, none given), or the PIN to judge. */
function beforeJudging(
  row: PinRow | undefined,
  pin: string | undefined,
  now: Date,
): PinCheck | { kind: 'judge'; row: PinRow; pin: string } {
  if (!row) return { kind: 'no_pin' };
  if (row.blocked_until && row.blocked_until > now) return { kind: 'blocked', until: row.blocked_until };
  if (pin === undefined || !isPinShaped(pin)) return { kind: 'missing' };
  return { kind: 'judge', row, pin };
}

const selectPin = 'SELECT pin_hash, failed_tries, blocked_until FROM transaction_pins WHERE user_id = $1';
/**
 * The first read every withdrawal makes, unlocked: the PIN rows of the users asked in one turn of
 * the event loop, in one named statement (sameTurn, prepared): one round trip for the withdrawals
 * that arrive together instead of one each.
 */
const SELECT_PINS = prepared(
  'SELECT user_id::text AS user_id, pin_hash, failed_tries, blocked_until FROM transaction_pins WHERE user_id = ANY($1::uuid[])',
);
const pinReaders = new WeakMap<Pool, (userId: string) => Promise<PinRow | undefined>>();

function pinRowOf(pool: Pool, userId: string): Promise<PinRow | undefined> {
  let read = pinReaders.get(pool);
  if (!read) {
    read = sameTurn(async (userIds: string[]) => {
      const { rows } = await pool.query<PinRow & { user_id: string }>({
        ...SELECT_PINS,
        values: [[...new Set(userIds)]],
      });
      const byUser = new Map(rows.map(({ user_id, ...row }) => [user_id, row]));
      return userIds.map((userId) => byUser.get(userId.toLowerCase()));
    });
    pinReaders.set(pool, read);
  }
  return read(userId);
}

/**
 * Judges a withdrawal's PIN and counts the try. The account's row is locked for the whole judgement
 * (read, argon2, write), so concurrent tries are judged one after another on the count the one
 * before left: of any number sent at once, at most the allowed ones are judged and the rest meet
 * the block. A first read without a lock answers what needs no judgement (most withdrawals: no
 * PIN; and a block, a PIN not given), so those cost one statement. `now` is the caller's clock.
 */
export async function checkTransactionPin(
  pool: Pool,
  userId: string,
  pin: string | undefined,
  now: Date,
  /**
   * Whether the request repeats one already taken (its Idempotency-Key has a record): asked before
   * a refusal, and before a wrong try is counted. A repeat is not judged again ('unjudged').
   */
  repeated: () => Promise<boolean> = () => Promise.resolve(false),
): Promise<PinCheck> {
  const first = beforeJudging(await pinRowOf(pool, userId), pin, now);
  if (first.kind === 'blocked' || first.kind === 'missing')
    return (await repeated()) ? { kind: 'unjudged' } : first;
  if (first.kind !== 'judge') return first;
  return inTransaction(pool, async (client): Promise<PinCheck> => {
    // Read again under the lock: a try judged meanwhile may have blocked, a reset removed the PIN.
    const locked = (await client.query<PinRow>(`${selectPin} FOR UPDATE`, [userId])).rows[0];
    const next = beforeJudging(locked, pin, now);
    if (next.kind === 'blocked' || next.kind === 'missing')
      return (await repeated()) ? { kind: 'unjudged' } : next;
    if (next.kind !== 'judge') return next;
    const { row } = next;

    if (await passwordMatches(row.pin_hash, next.pin)) {
      if (row.failed_tries > 0 || row.blocked_until)
        await client.query(
          'UPDATE transaction_pins SET failed_tries = 0, blocked_until = NULL WHERE user_id = $1',
          [userId],
        );
      return { kind: 'right' };
    }
    if (await repeated()) return { kind: 'unjudged' };
    const failures = row.failed_tries + 1;
    if (failures >= PIN_WRONG_TRIES_ALLOWED) {
      const until = new Date(now.getTime() + PIN_BLOCK_MINUTES * 60_000);
      // The block carries the count from here: once it ends, the PIN has its tries again.
      await client.query(
        'UPDATE transaction_pins SET failed_tries = 0, blocked_until = $2 WHERE user_id = $1',
        [userId, until],
      );
      return { kind: 'blocked', until };
    }
    await client.query(
      'UPDATE transaction_pins SET failed_tries = $2, blocked_until = NULL WHERE user_id = $1',
      [userId, failures],
    );
    return { kind: 'wrong', triesLeft: PIN_WRONG_TRIES_ALLOWED - failures };
  });
}
