/** Outgoing email: the Mailer port, its SMTP and outbox adapters, and the choice between them. */
import type { Logger, Pool } from '@kobo/platform';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { emailSettingsFromEnvironment, type EmailSettings } from './settings';
import { createSmtpMailer } from './smtp-mailer';

export * from './mailer';
export * from './settings';
export { createOutboxMailer } from './outbox-mailer';
export { createSmtpMailer, type SmtpMailer } from './smtp-mailer';
export { MAX_EMAIL_ATTEMPTS } from './outbox-store';

export interface MailerDependencies {
  pool: Pool;
  logger: Logger;
  /** Development logs bodies of outbox messages (reset links) so they can be followed locally. */
  development: boolean;
}

/** SMTP when SMTP_URL is set, otherwise the outbox table an operator reads. */
export function createMailer(settings: EmailSettings, deps: MailerDependencies): Mailer {
  if (settings.smtpUrl)
    return createSmtpMailer({
      pool: deps.pool,
      logger: deps.logger,
      smtpUrl: settings.smtpUrl,
      from: settings.from,
    });
  return createOutboxMailer({ pool: deps.pool, logger: deps.logger, logBodies: deps.development });
}

interface EmailContext {
  pool: Pool;
  logger: Logger;
  config: { env: string };
}

const mailers = new WeakMap<object, { settings: EmailSettings; mailer: Mailer }>();

/**
 * One mailer per API context, shared by the features that send email. (The API context has no
 * mailer of its own yet; when it gets one, features should take it from there.)
 */
export function emailFor(context: EmailContext, env: NodeJS.ProcessEnv = process.env) {
  let entry = mailers.get(context);
  if (!entry) {
    const settings = emailSettingsFromEnvironment(env);
    const mailer = createMailer(settings, {
      pool: context.pool,
      logger: context.logger,
      development: context.config.env === 'development',
    });
    entry = { settings, mailer };
    mailers.set(context, entry);
  }
  return entry;
}
