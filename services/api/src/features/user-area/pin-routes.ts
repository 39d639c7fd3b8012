/**
 * The transaction PIN: PUT /users/pin sets or changes it (with the password); withdrawals ask for
 * it through `requireTransactionPin`. The rules and the table: accounts/transaction-pin.ts.
 */
import { type ApiContext, nowOf } from '../../context';
import { passwordMatches } from '../../accounts/password-hashing';
import { checkTransactionPin, pinMessages, setTransactionPin } from '../../accounts/transaction-pin';
import { defineRoute, HttpProblem } from '../../http';
import { credentialsByUserId } from '../auth/queries';
import { rateLimiters } from '../auth/rate-limits';
import { messages, pinUpdateBody, pinUpdatedSchema } from './schemas';

const tags = ['user area'];

/**
 * Refuses a withdrawal whose PIN does not pass, before anything reaches the ledger: 400 at `pin`
 * when it is missing or wrong (the answer says how many tries are left), 403 `pin_locked` once the
 * fifth wrong PIN has blocked withdrawals, whatever PIN comes until the block ends. An account
 * without a PIN passes.
 */
export async function requireTransactionPin(
  ctx: ApiContext,
  userId: string,
  pin: string | undefined,
  /** Whether the request repeats one already taken (`keyAlreadyUsed`): then it is not judged. */
  repeated?: () => Promise<boolean>,
): Promise<void> {
  const check = await checkTransactionPin(ctx.pool, userId, pin, nowOf(ctx), repeated);
  switch (check.kind) {
    case 'no_pin':
    case 'right':
    case 'unjudged':
      return;
    case 'missing':
      throw new HttpProblem('validation', pinMessages.needed, { pin: pinMessages.needed });
    case 'wrong': {
      const message = pinMessages.wrong(check.triesLeft);
      throw new HttpProblem('validation', message, { pin: message });
    }
    case 'blocked': {
      const message = pinMessages.blocked(check.until);
      throw new HttpProblem('pin_locked', message, { pin: message });
    }
  }
}

export const pinRoutes = (ctx: ApiContext) => [
  defineRoute({
    method: 'put',
    path: '/users/pin',
    summary: 'Set or change the transaction PIN that withdrawals need',
    description:
      'Needs `currentPassword`. The PIN is 4 digits; 0000, 1234 and four of one digit are refused. ' +
      'Once set, every withdrawal needs it; 5 wrong PINs block withdrawals (not sign-in) for 30 ' +
      'minutes. A new PIN starts with no wrong tries, but a block stands until it ends. A password ' +
      'reset (the emailed link) removes the PIN.',
    tags,
    access: ['user'],
    middleware: rateLimiters(ctx.pool, 'setPin'),
    body: pinUpdateBody,
    responses: {
      200: { description: 'The PIN is set (or changed)', schema: pinUpdatedSchema },
      400: {
        description:
          'The PIN is not 4 digits or too easy to guess, or the current password is missing or wrong',
        problem: true,
      },
      429: { description: 'Too many attempts', problem: true },
    },
    handler: async ({ body, principal }) => {
      const { userId } = principal;
      const credentials = await credentialsByUserId(ctx.pool, userId);
      if (!credentials || !(await passwordMatches(credentials.password_hash, body.currentPassword)))
        throw new HttpProblem('validation', messages.currentPasswordWrong, {
          currentPassword: messages.currentPasswordWrong,
        });
      // Nothing is appended to the ledger: the PIN is a credential, like the password.
      const replaced = await setTransactionPin(ctx.pool, userId, body.pin, nowOf(ctx));
      return { message: replaced ? pinMessages.changed : pinMessages.set };
    },
  }),
];
