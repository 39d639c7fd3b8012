import { Outlet } from 'react-router-dom';

// Placeholder: replaced by the feature's real layout.
export function AdminLayout() {
  return <Outlet />;
}
