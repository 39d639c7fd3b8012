import type { Role } from '../../shared/session/session';

/** Each staff role's own area: where sign-in lands when nothing better is known. */
export const STAFF_HOME: Record<Exclude<Role, 'user'>, string> = { admin: '/admin', finance: '/finance' };

function within(path: string, area: string): boolean {
  return path === area || path.startsWith(`${area}/`) || path.startsWith(`${area}?`);
}

/**
 * Where staff go after signing in: back to the page the guard turned them away from, if their
 * role may see it, or their area's home. Only a path inside an area counts (never another site,
 * never the sign-in page itself). Admins may read the finance area; finance staff may not enter
 * the admin area.
 */
export function staffDestination(role: Exclude<Role, 'user'>, from: unknown): string {
  const home = STAFF_HOME[role];
  if (typeof from !== 'string' || from.startsWith('/admin/login')) return home;
  const allowed =
    role === 'admin' ? within(from, '/admin') || within(from, '/finance') : within(from, '/finance');
  return allowed ? from : home;
}
