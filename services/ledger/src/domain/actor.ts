/**
 * Who acted: the one type for it, in commands, events, metadata and views (decision 0020).
 *
 * Where it is stored: in the event's data, `by: Actor`, on the events whose actor the domain or a
 * read model uses (the staff decisions on users, adjustments, withdrawals, campaigns, submissions
 * and the community links: separation of duties, "approved by", "reviewed by"); in the metadata,
 * `actor: Actor`, on every other event, where only the audit trail reads it. An event never says it
 * twice: `runCommand` refuses a metadata actor for an event whose data has `by`.
 */
import type { EventMetadata } from '../event-store/port';
import type { Role } from './events';

export interface Actor {
  /** 'system' for the platform's own jobs (payouts, verification, bootstrap, the demo seed). */
  role: Role | 'system';
  /** A user's id; for 'system', the job's name. */
  id: string;
}

/** The one written form of an actor, for people and files: '<role>:<id>' ('admin:7f3…'). */
export function actorText(actor: Actor): string {
  return `${actor.role}:${actor.id}`;
}

const ROLES: readonly Actor['role'][] = ['user', 'admin', 'finance', 'system'];

function isActor(value: unknown): value is Actor {
  if (typeof value !== 'object' || value === null) return false;
  const { role, id } = value as Record<string, unknown>;
  return typeof id === 'string' && ROLES.includes(role as Actor['role']);
}

/**
 * A metadata actor as stored before decision 0020: '<role>:<id>' (staff, 'system:seed'), 'system'
 * (the jobs), or a bare user id (what a user did for themselves).
 */
function actorFromText(text: string): Actor {
  if (text === 'system') return { role: 'system', id: 'system' };
  const colon = text.indexOf(':');
  const role = text.slice(0, colon) as Actor['role'];
  return colon > 0 && ROLES.includes(role) ? { role, id: text.slice(colon + 1) } : { role: 'user', id: text };
}

/**
 * A `by` stored before decision 0020 (a bare user id) as an actor. Its role is in the metadata
 * actor the same command wrote: '<role>:<by>' from a staff route, or `by` itself when users deleted
 * their own account. The only other writer was the demo seed ('system:seed', acting as its admin),
 * so a `by` the metadata does not name was an admin's.
 */
export function actorOfStoredBy(by: string, metadata: EventMetadata): Actor {
  const named = typeof metadata.actor === 'string' ? actorFromText(metadata.actor) : undefined;
  if (named && named.id === by) return named;
  return { role: 'admin', id: by };
}

/**
 * Who acted, from an event as stored or decoded: its data's `by`, else its metadata's `actor`;
 * undefined when it names neither (a consequence of another event, e.g. a reward credited on approval).
 */
export function actorOf(event: { data: unknown; metadata: EventMetadata }): Actor | undefined {
  const by = (event.data as { by?: unknown } | null)?.by;
  if (isActor(by)) return by;
  if (typeof by === 'string') return actorOfStoredBy(by, event.metadata);
  const { actor } = event.metadata;
  if (isActor(actor)) return actor;
  if (typeof actor === 'string') return actorFromText(actor);
  return undefined;
}
