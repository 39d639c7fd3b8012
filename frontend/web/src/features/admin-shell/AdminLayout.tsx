/**
 * The admin area's frame (admin-area.md section 2), separate from the user's: a side menu on wide
 * screens; on phones a bottom bar (Home, Withdrawals, Active Campaigns, Transactions) and a
 * slide-out menu with every page. The top bar names the area and holds the theme toggle and Logout.
 */
import { Button, Drawer, Icon, Position, Tag, type IconName } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { endSession } from '../../shared/api/api';
import { leaving } from '../../shared/session/session';
import { Brand } from '../../shared/ui/Brand';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { useAdminSignOutMutation } from './api';
import './admin-shell.css';

interface MenuItem {
  to: string;
  label: string;
  icon: IconName;
}

const DASHBOARD: MenuItem = { to: '/admin', label: 'Dashboard', icon: 'dashboard' };
const ACTIVE_CAMPAIGNS: MenuItem = {
  to: '/admin/active-campaigns',
  label: 'Active Campaigns',
  icon: 'endorsed',
};
const WITHDRAWALS: MenuItem = { to: '/admin/withdrawals', label: 'Withdrawals', icon: 'bank-account' };
const TRANSACTIONS: MenuItem = { to: '/admin/transactions', label: 'Transactions', icon: 'exchange' };
const COMMUNITY: MenuItem = { to: '/admin/community', label: 'Community', icon: 'people' };

// Campaigns and Users join the menus when their pages exist.
export const ADMIN_MENU = [DASHBOARD, ACTIVE_CAMPAIGNS, WITHDRAWALS, TRANSACTIONS, COMMUNITY];
export const ADMIN_BOTTOM_BAR = [
  { ...DASHBOARD, label: 'Home', icon: 'home' as IconName },
  WITHDRAWALS,
  ACTIVE_CAMPAIGNS,
  TRANSACTIONS,
];

function linkClass(base: string) {
  return ({ isActive }: { isActive: boolean }) => (isActive ? `${base} is-active` : base);
}

function AdminBrand() {
  return (
    <span className="kobo-admin-brand">
      <Brand to="/admin" />
      <Tag intent="warning" minimal round className="kobo-admin-tag">
        Admin
      </Tag>
    </span>
  );
}

function MenuLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="kobo-admin-menu">
      {ADMIN_MENU.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === '/admin'}
            className={linkClass('kobo-admin-link')}
            onClick={onNavigate}
          >
            <Icon icon={item.icon} size={16} aria-hidden />
            <span>{item.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function AdminLayout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [signOut] = useAdminSignOutMutation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // A new page starts at its top, with the slide-out menu closed.
  useEffect(() => {
    setMenuOpen(false);
    window.scrollTo({ top: 0 });
  }, [pathname]);

  async function logout() {
    if (signingOut) return;
    setSigningOut(true);
    setMenuOpen(false);
    dispatch(leaving());
    try {
      await signOut().unwrap();
    } catch {
      // The session ends here whatever the server said (it clears the cookie when it answers).
    }
    endSession(dispatch, 'left');
    await navigate('/', { replace: true });
    window.scrollTo({ top: 0 });
  }

  const avatar = (
    <span className="kobo-admin-avatar" aria-hidden="true">
      <Icon icon="shield" size={16} />
    </span>
  );

  return (
    <div className="kobo-admin-shell">
      <a className="kobo-admin-skip" href="#kobo-admin-content">
        Skip to content
      </a>

      <aside className="kobo-admin-side">
        <div className="kobo-admin-side-brand">
          <AdminBrand />
        </div>
        <nav aria-label="Admin menu">
          <MenuLinks />
        </nav>
        <div className="kobo-admin-side-foot">
          <p className="kobo-admin-note">
            <Icon icon="lock" size={12} aria-hidden /> Staff only: the server checks every action
          </p>
        </div>
      </aside>

      <div className="kobo-admin-main">
        <header className="kobo-admin-top">
          <div className="kobo-admin-top-brand">
            <AdminBrand />
          </div>
          <div className="kobo-admin-who">
            {avatar}
            <span className="kobo-admin-who-text">
              <span className="kobo-admin-who-name">Admin</span>
              <span className="kobo-admin-who-hint">Kobo admin area</span>
            </span>
          </div>
          <div className="kobo-admin-top-actions">
            <ThemeToggle />
            <Button
              className="kobo-admin-logout"
              variant="outlined"
              icon="log-out"
              text="Logout"
              loading={signingOut}
              onClick={logout}
            />
            <Button
              className="kobo-admin-menu-button"
              variant="minimal"
              icon="menu"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls="kobo-admin-more"
              onClick={() => setMenuOpen(true)}
            />
          </div>
        </header>

        <div id="kobo-admin-content" className="kobo-admin-content" tabIndex={-1}>
          <Outlet />
        </div>
      </div>

      <nav className="kobo-admin-bottom" aria-label="Quick menu">
        {ADMIN_BOTTOM_BAR.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.to === '/admin'}
            className={linkClass('kobo-admin-bottom-link')}
          >
            <Icon icon={item.icon} size={18} aria-hidden />
            <span>{item.label}</span>
          </NavLink>
        ))}
      </nav>

      <Drawer
        isOpen={menuOpen}
        onClose={() => setMenuOpen(false)}
        position={Position.RIGHT}
        size="min(300px, 85vw)"
        title="Admin menu"
        icon="menu"
      >
        <div id="kobo-admin-more" className="kobo-admin-drawer-body">
          <div className="kobo-admin-drawer-user">
            {avatar}
            <span className="kobo-admin-who-text">
              <span className="kobo-admin-who-name">Admin</span>
              <span className="kobo-admin-who-hint">Kobo admin area</span>
            </span>
          </div>
          <nav aria-label="Admin pages">
            <MenuLinks onNavigate={() => setMenuOpen(false)} />
          </nav>
          <div className="kobo-admin-drawer-foot">
            <ThemeToggle withText />
            <Button
              variant="outlined"
              intent="danger"
              icon="log-out"
              text="Logout"
              fill
              loading={signingOut}
              onClick={logout}
            />
          </div>
        </div>
      </Drawer>
    </div>
  );
}
