/**
 * Process roles (decisions/0026). `KOBO_ROLES` names what this process runs, comma-separated:
 *
 * - `api`: HTTP (stateless; run any number behind a load balancer);
 * - `projectors`: every projection (one leader per projection across processes, fail-over);
 * - `workers`: the jobs reactor, the job workers, the notices reactor and email retries (any number;
 *   the reactors have one leader each);
 * - `relay`: the Kafka relay, when KAFKA_BROKERS is set (any number; one leader publishes).
 *
 * Unset means all four in one process: `npm start`, the one-process product. A process with only
 * some roles needs DATABASE_URL: the embedded PostgreSQL belongs to the one-process product.
 */
import { ConfigError } from '@kobo/platform';

export const ROLES = ['api', 'projectors', 'workers', 'relay'] as const;
export type Role = (typeof ROLES)[number];

export interface Roles {
  has(role: Role): boolean;
  /** Every role in this process (the one-process product). */
  all: boolean;
  names: readonly Role[];
}

export function rolesFrom(setting: string | undefined, databaseUrl: string | undefined): Roles {
  const names = setting?.trim()
    ? [...new Set(setting.split(',').map((name) => name.trim()))].filter(Boolean)
    : [...ROLES];
  const unknown = names.filter((name) => !(ROLES as readonly string[]).includes(name));
  if (unknown.length || !names.length)
    throw new ConfigError(
      `KOBO_ROLES=${setting}: ${unknown.length ? `unknown role ${unknown.join(', ')}` : 'no role'}; ` +
        `the roles are ${ROLES.join(', ')} (unset runs all of them)`,
    );
  const roles = names as Role[];
  const all = ROLES.every((role) => roles.includes(role));
  if (!all && !databaseUrl)
    throw new ConfigError(
      `KOBO_ROLES=${setting} needs DATABASE_URL: processes that share the work share one PostgreSQL ` +
        '(the embedded one is started only by the one-process product, KOBO_ROLES unset)',
    );
  return { has: (role) => roles.includes(role), all, names: roles };
}
