import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession, useSessionEnd, type Role } from '../shared/session/session';

/**
 * Sends anyone without a session (or with another role) to the area's sign-in page, remembering
 * where they were going; someone who just logged out or deleted their account goes home instead.
 * A convenience only: the API refuses every call without the right role.
 */
export function RequireSession({
  role,
  signInPath = '/login',
}: {
  /** The role, or the roles, that may enter. */
  role: Role | readonly Role[];
  signInPath?: string;
}) {
  const roles: readonly Role[] = typeof role === 'string' ? [role] : role;
  const session = useSession();
  const ended = useSessionEnd();
  const location = useLocation();
  // Signed out or deleted on purpose: home, whatever answer raced the way there.
  if (!session && ended === 'left') return <Navigate to="/" replace />;
  if (!session || !roles.includes(session.role))
    return <Navigate to={signInPath} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
