/**
 * Email settings, read from the environment (the shared configuration has no email section yet):
 * SMTP_URL (unset: the outbox is the delivery channel), MAIL_FROM, and SUPPORT_EMAIL (where
 * contact messages go when the community links name no email).
 */
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** The email variables; the deployment check (docker-compose.test.ts) reads their names. */
export const emailSettingsSchema = z.object({
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optional,
  SUPPORT_EMAIL: optional.pipe(z.email().optional()),
});

export interface EmailSettings {
  smtpUrl: string | undefined;
  from: string;
  supportEmail: string | undefined;
}

export const DEFAULT_MAIL_FROM = 'Kobo <no-reply@localhost>';

export function emailSettingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): EmailSettings {
  const parsed = emailSettingsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid email configuration:\n${lines.join('\n')}`);
  }
  return {
    smtpUrl: parsed.data.SMTP_URL,
    from: parsed.data.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    supportEmail: parsed.data.SUPPORT_EMAIL,
  };
}
