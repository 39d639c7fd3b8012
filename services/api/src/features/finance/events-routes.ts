/** Finance's view of the event log: every event with its postings, and one event with its hash-chain link. */
import { z } from 'zod';
import { KOBO_EVENT_TYPES } from '@kobo/ledger';
import type { FeatureRoutes } from '../../context';
import { defineRoute, HttpProblem, timeQuery } from '../../http';
import { erasedAtField } from '../admin/wire';
import { eventDetail, eventsPage, findPeople, PEOPLE_SEARCHED } from './events';

const FINANCE = ['finance', 'admin'] as const;

export const eventNotFound = 'Event not found.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const position = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a log position (a whole number).` })
    .int(`${label} must be a log position (a whole number).`)
    .min(0, `${label} must be a log position (a whole number).`)
    .optional();

export const eventsQuery = z
  .object({
    q: z.string().trim().min(1).max(100, 'Search is at most 100 characters').optional(),
    show: z.enum(['money', 'all'], { error: 'Show is money or all.' }).default('money'),
    account: z.string().trim().min(1).max(200).optional(),
    stream: z.string().trim().min(1).max(300).optional(),
    type: z.enum(KOBO_EVENT_TYPES, { error: 'Type must be one of the ledger’s event types.' }).optional(),
    from: timeQuery('From').optional(),
    to: timeQuery('To').optional(),
    before: position('Before'),
    after: position('After'),
    limit: z.coerce
      .number({ error: 'Limit must be a whole number from 1 to 200.' })
      .int('Limit must be a whole number from 1 to 200.')
      .min(1, 'Limit must be a whole number from 1 to 200.')
      .max(200, 'Limit must be a whole number from 1 to 200.')
      .default(50),
  })
  .refine((q) => q.before === undefined || q.after === undefined, {
    message: 'Give before or after, not both.',
    path: ['after'],
  });

export const eventParams = z.object({
  eventId: z.string().trim().regex(UUID, 'The event id must be a UUID.'),
});

const postingSchema = z
  .object({
    account: z.string(),
    amount: z.number().describe('Naira, signed: credit positive, debit negative'),
    amountKobo: z.number().int(),
  })
  .meta({ id: 'LedgerPosting' });

const eventSummary = {
  position: z.number().int().describe('The global position in the log'),
  eventId: z.string(),
  type: z.string(),
  streamId: z.string(),
  recordedAt: z.string(),
  actor: z
    .string()
    .optional()
    .describe(
      "Who acted, '<role>:<id>' ('admin:<id>', 'user:<id>', 'system:payouts'): the event's data `by` or its metadata actor",
    ),
  postings: z.array(postingSchema).describe('The postings the event carries (sum to zero); empty if none'),
};

const eventSummarySchema = z.object(eventSummary).meta({ id: 'LedgerEventSummary' });

export const eventsPageSchema = z
  .object({
    events: z.array(eventSummarySchema).describe('Newest first'),
    nextBefore: z
      .number()
      .int()
      .nullable()
      .describe('Pass as before for the older events; null when no older event matches'),
    newerAfter: z
      .number()
      .int()
      .nullable()
      .describe('Pass as after for the newer events; null when no newer event matches'),
    head: z.number().int().describe('The newest position a reader can see'),
    people: z
      .array(
        z
          .object({
            userId: z.string(),
            fullName: z.string(),
            username: z.string(),
            email: z.string(),
            erasedAt: erasedAtField,
          })
          .meta({ id: 'JournalPerson' }),
      )
      .nullable()
      .describe(
        `With q: the people it found (at most ${PEOPLE_SEARCHED}), whose events are listed; null without q`,
      ),
    morePeople: z
      .boolean()
      .describe(
        `With q: more than ${PEOPLE_SEARCHED} people matched (only the first are listed); narrow the search`,
      ),
  })
  .meta({ id: 'LedgerEventsPage' });

export const eventDetailSchema = z
  .object({
    ...eventSummary,
    streamVersion: z.number().int(),
    data: z.record(z.string(), z.unknown()),
    metadata: z
      .record(z.string(), z.unknown())
      .describe('As stored: actor, causationId, correlationId, idempotencyKey… whatever it holds'),
    causationId: z.string().nullable(),
    correlationId: z.string().nullable(),
    chain: z.object({
      previousHash: z.string().describe("The previous event's hash (the genesis hash for the first event)"),
      storedPreviousHash: z.string().describe('What this event stores as the previous hash'),
      hash: z.string(),
      recomputedHash: z.string().describe("SHA-256 of the previous hash and this event's stored content"),
      nextLinksBack: z.boolean().nullable().describe("Whether the next event stores this one's hash"),
      verified: z.boolean().describe('Contents, link back and link forward all hold (checked by the ledger)'),
      previousEventId: z.string().optional(),
      nextEventId: z.string().optional(),
    }),
  })
  .meta({ id: 'LedgerEventDetail' });

export const eventsRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/finance/events',
    summary: 'The events of the log with their postings, newest first, paged by position',
    description:
      'show=money (the default) lists only the events that carry postings (move money); show=all every event. ' +
      'q finds people by name, username, email, or a withdrawal reference (ours, the provider’s transfer code, ' +
      'the bank’s) or id, and lists the events of their user streams (every posting to their accounts is there). ' +
      'account is exact or a prefix ending in * (only events that posted to it); stream is a stream id; ' +
      'type an event type; [from, to) a range of recordedAt. before (exclusive) pages to older events, ' +
      'after (exclusive) to the newer ones just above a position.',
    tags: ['finance'],
    access: FINANCE,
    query: eventsQuery,
    responses: {
      200: { description: 'A page of events and the cursors either side', schema: eventsPageSchema },
      400: { description: 'Invalid filter or cursor', problem: true },
    },
    async handler({ query }) {
      const { before, after, limit, q, show, ...filter } = query;
      const found = q === undefined ? undefined : await findPeople(ctx.pool, q);
      const streams = found?.people.map((person) => `user-${person.userId}`);
      const [page, head] = await Promise.all([
        streams?.length === 0
          ? { events: [], nextBefore: null, newerAfter: null }
          : eventsPage(ctx, { ...filter, streams, moneyOnly: show === 'money' }, { before, after, limit }),
        ctx.store.headPosition(),
      ]);
      return { ...page, head, people: found?.people ?? null, morePeople: found?.more ?? false };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/finance/events/:eventId',
    summary: 'One event in full: data, metadata, postings and its link in the hash chain',
    description:
      "chain.verified is the ledger's own check (verifyChainLink): the event's hash recomputed from its " +
      "stored content and the previous event's hash, and the next event's link back.",
    tags: ['finance'],
    access: FINANCE,
    params: eventParams,
    responses: {
      200: { description: 'The event', schema: eventDetailSchema },
      400: { description: 'The id is not a UUID', problem: true },
      404: { description: 'No event with this id', problem: true },
    },
    async handler({ params }) {
      const event = await eventDetail(ctx, params.eventId);
      if (!event) throw new HttpProblem('not_found', eventNotFound);
      return event;
    },
  }),
];
