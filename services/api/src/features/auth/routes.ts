/**
 * Sign-up, sign-in (user and admin), password reset, password change, account deletion and the
 * username check. Contract: docs/product/api-contract.md; docs/product/user-site.md#form-rules, #messages;
 * docs/api/auth.md.
 */
import type { Request, Response } from 'express';
import type { FeatureRoutes } from '../../context';
import type { ApiContext } from '../../context';
import { hashPassword, passwordMatches } from '../../accounts/password-hashing';
import { clearTransactionPin } from '../../accounts/transaction-pin';
import { emailFor } from '../../email';
import {
  clearSessionCookie,
  defineRoute,
  HttpProblem,
  presentedToken,
  principalActor,
  setSessionCookie,
  type SessionClaims,
} from '../../http';
import { authMessages } from './messages';
import { hashResetToken, requestPasswordReset } from './password-reset';
import { replacePassword } from './replace-password';
import { credentialsByUserId, deleteCredentials, liveResetTokenUser } from './queries';
import { rateLimiters, signInLimiters } from './rate-limits';
import { rememberDevice } from './known-devices';
import { signUp } from './registration';
import {
  adminSignedInResponse,
  changePasswordBody,
  deleteAccountBody,
  forgotPasswordBody,
  messageResponse,
  registerBody,
  registeredResponse,
  resetPasswordBody,
  signedInResponse,
  signInBody,
  usernameAvailability,
  usernameQuery,
} from './schemas';
import { checkSignIn, type SignedInUser } from './sign-in';
import { currentUser, type Actor } from '@kobo/ledger';
import { secureSessions } from '@kobo/platform';
import { usernameIsFree } from './users';

const tags = ['Auth'];
const problem = (description: string) => ({ description, problem: true as const });

const signedOut = 'Signed out';
const sessionCookieNote =
  'Also sets the browser session: an httpOnly, SameSite=Lax cookie `kobo_session` holding the same ' +
  'token for one day (Secure in production and when HOST is set, unless PLAIN_HTTP=1). A change sent with the cookie alone must come from ' +
  'the Kobo site (Sec-Fetch-Site, Origin or Referer), or it is refused with 403.';

/**
 * A new session: its token, which also signs the browser in (the session cookie carries it). The
 * device becomes one the account knows (known-devices.ts).
 */
async function startSession(
  ctx: ApiContext,
  req: Request,
  res: Response,
  user: SignedInUser,
): Promise<string> {
  const token = await ctx.auth.sessions.open(user);
  const secure = secureSessions(ctx.config);
  setSessionCookie(res, token, { secure, maxAgeSeconds: ctx.auth.tokens.lifetimeSeconds });
  await rememberDevice(ctx.pool, req, res, user.userId, { secure });
  return token;
}

const signInNote =
  sessionCookieNote +
  ' A successful sign-in also sets `kobo_device` (httpOnly, one year): the account knows this ' +
  'device from then on, and its sign-ins skip the wait that many failed sign-ins from elsewhere ' +
  'put on the account (429 with Retry-After for anyone else); wrong tries are limited per device ' +
  'or address and email (429 for 15 minutes).';

export const authRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'post',
    path: '/auth/register',
    summary: 'Create a user account',
    tags,
    access: 'public',
    middleware: rateLimiters(ctx.pool, 'register'),
    body: registerBody,
    responses: {
      201: { description: 'Account created', schema: registeredResponse },
      400: problem('Invalid input, or the referral code is not valid'),
      409: problem('Username or email already taken'),
      429: problem('Too many sign-ups'),
    },
    handler: async ({ body }) => {
      const done = await signUp(body, ctx);
      if (done.lastPosition > 0)
        await ctx.writes.caughtUpTo(done.lastPosition, ['users', 'balances', 'transactions', 'user_stats']);
      return {
        message: authMessages.registered,
        id: done.userId,
        username: done.username,
        referralCode: done.referralCode,
      };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in',
    description:
      signInNote +
      ' Staff accounts sign in at /auth/admin-login only: here they are answered as a wrong email or password.',
    tags,
    access: 'public',
    middleware: signInLimiters(ctx.pool, 'login', { now: ctx.clock }),
    body: signInBody,
    responses: {
      200: { description: 'Signed in', schema: signedInResponse },
      400: problem('Email or password missing'),
      401: problem('Invalid email or password'),
      403: problem('The account is deleted or suspended'),
      429: problem('Too many attempts'),
    },
    handler: async ({ body, req, res }) => {
      const user = await checkSignIn(ctx, body.email, body.password, 'users');
      const token = await startSession(ctx, req, res, user);
      return { id: user.userId, token, isAdmin: user.role === 'admin', role: user.role };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/auth/admin-login',
    summary: 'Sign in to the back office (admin or finance staff)',
    description: signInNote,
    tags,
    access: 'public',
    middleware: signInLimiters(ctx.pool, 'adminLogin', { now: ctx.clock }),
    body: signInBody,
    responses: {
      200: {
        description: 'Signed in as staff (isAdmin is true for an admin)',
        schema: adminSignedInResponse,
      },
      400: problem('Email or password missing'),
      401: problem('Invalid email or password'),
      403: problem('Not staff, or the account is deleted or suspended'),
      429: problem('Too many attempts'),
    },
    handler: async ({ body, req, res }) => {
      const user = await checkSignIn(ctx, body.email, body.password, 'staff');
      // Staff share this door: admins go on to /admin, finance to /finance.
      if (user.role === 'user') throw new HttpProblem('forbidden', authMessages.adminsOnly);
      const token = await startSession(ctx, req, res, user);
      return { _id: user.userId, token, isAdmin: user.role === 'admin', role: user.role };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/auth/logout',
    summary: 'Sign out',
    description:
      'Ends the session of the token presented (bearer header, else the session cookie) on the ' +
      'server, so the token is refused from then on, and clears the session cookie (Max-Age=0). ' +
      'Open to anyone: without a valid token there is nothing to end, and the answer is the same.',
    tags,
    access: 'public',
    responses: { 200: { description: 'Signed out', schema: messageResponse } },
    handler: async ({ req, res }) => {
      const presented = presentedToken(req);
      const claims = presented && verifiedOrNothing(ctx, presented.token);
      if (claims) await ctx.auth.sessions.end(claims);
      clearSessionCookie(res, { secure: secureSessions(ctx.config) });
      return { message: signedOut };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/auth/forgot-password',
    summary: 'Email a password reset link',
    description:
      'Answers the same whether or not the email has an account, and before any lookup, so neither ' +
      'the answer nor its timing tells who has an account. The link is valid 15 minutes, once.',
    tags,
    access: 'public',
    middleware: rateLimiters(ctx.pool, 'forgotPassword'),
    body: forgotPasswordBody,
    responses: {
      200: { description: 'Accepted (whether or not the email has an account)', schema: messageResponse },
      400: problem('Email missing or not an email address'),
      429: problem('Too many requests'),
    },
    handler: async ({ body, res }) => {
      res.status(200).json({ message: authMessages.resetRequested });
      try {
        await requestPasswordReset(
          { pool: ctx.pool, store: ctx.store, mailer: emailFor(ctx).mailer, webOrigin: ctx.config.webOrigin },
          body.email,
        );
      } catch (error) {
        ctx.logger.error({ err: error }, 'password reset request failed after it was answered');
      }
    },
  }),

  defineRoute({
    method: 'post',
    path: '/auth/reset-password',
    summary: 'Set a new password with a reset link',
    description: 'Also removes the transaction PIN and any block on withdrawals: the user sets a new PIN.',
    tags,
    access: 'public',
    middleware: rateLimiters(ctx.pool, 'resetPassword'),
    body: resetPasswordBody,
    responses: {
      200: { description: 'Password replaced', schema: messageResponse },
      400: problem('The link is invalid, expired or used, or the password is too short'),
      429: problem('Too many attempts'),
    },
    handler: async ({ body }) => {
      const invalid = () => new HttpProblem('bad_request', authMessages.resetLinkInvalid);
      const tokenHash = hashResetToken(body.token);
      // Checked before hashing, so guessed tokens cost no password hashing.
      const userId = await liveResetTokenUser(ctx.pool, tokenHash);
      const user = userId === undefined ? undefined : await currentUser(ctx.store, userId);
      if (!userId || user?.existence !== 'registered') throw invalid();
      const actor: Actor = { role: user.role, id: userId };
      const passwordHash = await hashPassword(body.newPassword);
      await replacePassword(
        ctx,
        passwordHash,
        async (client) => {
          // Again, locked: another use of the link may have won in the meantime.
          if ((await liveResetTokenUser(client, tokenHash, true)) !== userId) throw invalid();
          if (!(await credentialsByUserId(client, userId))) throw invalid();
          // Whoever opened the emailed link sets a new transaction PIN; the old one and any block go.
          await clearTransactionPin(client, userId);
          return userId;
        },
        () => ({ actor, correlationId: `password-reset:${userId}` }),
      );
      return { message: authMessages.resetDone };
    },
  }),

  defineRoute({
    method: 'put',
    path: '/users/change-password',
    summary: 'Change my password',
    tags,
    access: ['user', 'admin', 'finance'],
    middleware: rateLimiters(ctx.pool, 'changePassword'),
    body: changePasswordBody,
    responses: {
      200: { description: 'Password replaced', schema: messageResponse },
      400: problem('Current password wrong, or the new one too short'),
      401: problem('Not signed in'),
      404: problem('The account no longer exists'),
      429: problem('Too many attempts'),
    },
    handler: async ({ body, principal, req, res }) => {
      const { userId } = principal;
      const credentials = await signedInCredentials(ctx, userId);
      if (!(await passwordMatches(credentials.password_hash, body.oldPassword)))
        throw new HttpProblem('validation', authMessages.currentPasswordWrong, {
          oldPassword: authMessages.currentPasswordWrong,
        });
      const passwordHash = await hashPassword(body.newPassword);
      // Every session of the account ends with the old password; this browser goes on in a new one.
      await replacePassword(
        ctx,
        passwordHash,
        async () => userId,
        () => ({ actor: principalActor(principal), correlationId: `change-password:${userId}` }),
      );
      await startSession(ctx, req, res, principal);
      return { message: authMessages.passwordUpdated };
    },
  }),

  defineRoute({
    method: 'delete',
    path: '/users/account',
    summary: 'Delete my account',
    description: 'Needs the password. Refused (409) while a withdrawal is still being processed.',
    tags,
    access: ['user'],
    middleware: rateLimiters(ctx.pool, 'deleteAccount'),
    body: deleteAccountBody,
    responses: {
      200: { description: 'Account deleted', schema: messageResponse },
      400: problem('Password missing or wrong'),
      401: problem('Not signed in'),
      404: problem('The account no longer exists'),
      409: problem('A withdrawal is still being processed'),
      429: problem('Too many attempts'),
    },
    handler: async ({ body, principal }) => {
      const { userId } = principal;
      const credentials = await signedInCredentials(ctx, userId);
      if (!(await passwordMatches(credentials.password_hash, body.password)))
        throw new HttpProblem('validation', authMessages.deletePasswordWrong, {
          password: authMessages.deletePasswordWrong,
        });
      const result = await ctx.commands.deleteUser(
        { userId, by: principalActor(principal) },
        { correlationId: `delete-account:${userId}` },
      );
      // After the event: if this fails the account is deleted anyway and sign-in refuses it.
      await deleteCredentials(ctx.pool, userId);
      await ctx.auth.sessions.endAll(userId);
      await ctx.writes.caughtUpTo(result.lastPosition, ['users']);
      return { message: authMessages.accountDeletedDone };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/users/username-available',
    summary: 'Whether a username is free',
    tags,
    access: 'public',
    query: usernameQuery,
    responses: {
      200: { description: 'Availability', schema: usernameAvailability },
      400: problem('Username missing, too short, too long or with other characters'),
    },
    handler: async ({ query }) => ({
      username: query.username,
      available: await usernameIsFree(ctx.store, query.username),
    }),
  }),
];

/** The claims of a token that verifies, else nothing (logout asks no questions). */
function verifiedOrNothing(ctx: ApiContext, token: string): SessionClaims | undefined {
  try {
    return ctx.auth.tokens.verify(token);
  } catch {
    return undefined;
  }
}

/** The signed-in person's credentials; 404 when the account is gone (the token outlived it). */
async function signedInCredentials(ctx: ApiContext, userId: string) {
  const [credentials, user] = await Promise.all([
    credentialsByUserId(ctx.pool, userId),
    currentUser(ctx.store, userId),
  ]);
  if (!credentials || user.existence !== 'registered')
    throw new HttpProblem('not_found', authMessages.userNotFound);
  return credentials;
}
