import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession, type Role } from '../shared/session/session';

/**
 * Sends anyone without a session (or with another role) to the sign-in page, remembering where
 * they were going. A convenience only: the API refuses every call without the right role.
 */
export function RequireSession({ role }: { role: Role }) {
  const session = useSession();
  const location = useLocation();
  if (!session || session.role !== role)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
