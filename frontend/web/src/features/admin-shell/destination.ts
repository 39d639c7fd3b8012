/**
 * Where an admin goes after signing in: back to the admin page the guard turned them away from, or
 * the admin dashboard. Only a path inside the admin area counts (never another site, never the
 * sign-in page itself).
 */
export function adminDestination(from: unknown): string {
  if (typeof from !== 'string') return '/admin';
  const inAdmin = from === '/admin' || from.startsWith('/admin/') || from.startsWith('/admin?');
  if (!inAdmin || from.startsWith('/admin/login')) return '/admin';
  return from;
}
