/**
 * The public contact form: every message is stored, then emailed to the support address (the
 * community email) with the sender as Reply-To. With no address configured the message is still
 * stored and a warning logged; the sender's answer is the same.
 */
import type { FeatureRoutes } from '../../context';
import { emailFor } from '../../email';
import { createRateLimiter, defineRoute, postgresRateLimitCounters } from '../../http';
import { linkContactEmail, storeContactMessage, supportAddress } from './queries';
import { contactBody, contactSentResponse } from './schemas';

export const contactSentMessage = 'Message sent successfully!';

export const contactRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'post',
    path: '/contact',
    summary: 'Send a message to support',
    tags: ['Contact'],
    access: 'public',
    middleware: [
      createRateLimiter({
        windowMs: 15 * 60_000,
        limit: 10,
        message: 'Too many messages. Please wait a few minutes and try again.',
        // Counted in PostgreSQL like the sign-in limits, so several API processes share them.
        store: postgresRateLimitCounters(ctx.pool)('contact'),
      }),
    ],
    body: contactBody,
    responses: {
      200: { description: 'Stored and sent to support', schema: contactSentResponse },
      400: { description: 'A field is missing or invalid', problem: true },
      429: { description: 'Too many messages', problem: true },
    },
    handler: async ({ body }) => {
      const messageId = await storeContactMessage(ctx.pool, body);
      const { mailer, settings } = emailFor(ctx);
      const to = await supportAddress(ctx.store, settings.supportEmail);
      if (!to) {
        ctx.logger.warn(
          { contactMessageId: messageId },
          'contact message stored but not emailed: no community email or SUPPORT_EMAIL is set',
        );
        return { message: contactSentMessage };
      }
      const sent = await mailer.send({
        kind: 'contact',
        to,
        replyTo: body.email,
        subject: `[Contact] ${body.subject}`,
        text: [`From: ${body.fullName} <${body.email}>`, `Subject: ${body.subject}`, '', body.message].join(
          '\n',
        ),
      });
      await linkContactEmail(ctx.pool, messageId, sent.id);
      return { message: contactSentMessage };
    },
  }),
];
