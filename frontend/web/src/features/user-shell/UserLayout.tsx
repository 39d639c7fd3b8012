/**
 * The signed-in user's frame: a side menu on wide screens; on phones a bottom bar (Home, Tasks,
 * History, Withdraw) and a slide-out menu with the rest. The top bar greets the user and holds the
 * theme toggle and Logout. Balances follow the server live while the frame is open.
 */
import { Button, Drawer, Icon, Position, type IconName } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { endSession } from '../../shared/api/api';
import { leaving } from '../../shared/session/session';
import { useGetDashboardQuery } from '../../shared/api/account';
import { Brand } from '../../shared/ui/Brand';
import { ConnectionNotice } from '../../shared/ui/LastKnown';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { NotificationBell } from '../notifications/NotificationBell';
import { useSignOutMutation } from './api';
import { useLiveBalances } from './useLiveBalances';
import './user-shell.css';

interface MenuItem {
  to: string;
  label: string;
  icon: IconName;
}

const DASHBOARD: MenuItem = { to: '/dashboard', label: 'Dashboard', icon: 'dashboard' };
const CAMPAIGNS: MenuItem = { to: '/dashboard/tasks', label: 'Tasks', icon: 'clipboard' };
const HISTORY: MenuItem = { to: '/dashboard/history', label: 'History', icon: 'history' };
const WITHDRAW: MenuItem = { to: '/dashboard/withdraw', label: 'Withdraw', icon: 'bank-account' };
const STATEMENT: MenuItem = { to: '/dashboard/statement', label: 'Statement', icon: 'th-list' };
const SETTINGS: MenuItem = { to: '/dashboard/settings', label: 'Settings', icon: 'cog' };
const SUPPORT: MenuItem = { to: '/dashboard/support', label: 'Support', icon: 'headset' };

export const SIDE_MENU = [DASHBOARD, CAMPAIGNS, HISTORY, WITHDRAW, STATEMENT, SETTINGS, SUPPORT];
export const BOTTOM_BAR = [
  { ...DASHBOARD, label: 'Home', icon: 'home' as IconName },
  CAMPAIGNS,
  HISTORY,
  WITHDRAW,
];
export const MORE_MENU = [STATEMENT, SETTINGS, SUPPORT];

function linkClass(base: string) {
  return ({ isActive }: { isActive: boolean }) => (isActive ? `${base} is-active` : base);
}

function initials(first?: string, last?: string, username?: string): string {
  const fromName = `${first?.[0] ?? ''}${last?.[0] ?? ''}`;
  return (fromName || username?.slice(0, 2) || 'K').toUpperCase();
}

export function UserLayout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: user } = useGetDashboardQuery();
  const [signOut] = useSignOutMutation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  useLiveBalances(!signingOut);

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

  const name = user?.username || 'Boss';
  const avatar = (
    <span className="kobo-shell-avatar" aria-hidden="true">
      {initials(user?.firstName, user?.lastName, user?.username)}
    </span>
  );

  return (
    <div className="kobo-shell">
      <a className="kobo-shell-skip" href="#kobo-shell-content">
        Skip to content
      </a>

      <aside className="kobo-shell-side">
        <div className="kobo-shell-side-brand">
          <Brand to="/dashboard" />
        </div>
        <nav aria-label="Main menu">
          <ul className="kobo-shell-menu">
            {SIDE_MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/dashboard'} className={linkClass('kobo-shell-link')}>
                  <Icon icon={item.icon} size={16} aria-hidden />
                  <span>{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="kobo-shell-side-foot">
          <p className="kobo-shell-secure">
            <Icon icon="shield" size={12} aria-hidden /> Balances come straight from the ledger
          </p>
        </div>
      </aside>

      <div className="kobo-shell-main">
        <ConnectionNotice />
        <header className="kobo-shell-top">
          <div className="kobo-shell-top-brand">
            <Brand to="/dashboard" />
          </div>
          <div className="kobo-shell-who">
            {avatar}
            <span className="kobo-shell-who-text">
              <span className="kobo-shell-who-name">{name}</span>
              <span className="kobo-shell-who-hint">{user?.email ?? 'Signed in'}</span>
            </span>
          </div>
          <div className="kobo-shell-top-actions">
            <NotificationBell />
            <ThemeToggle />
            <Button
              className="kobo-shell-logout"
              variant="outlined"
              icon="log-out"
              text="Logout"
              loading={signingOut}
              onClick={logout}
            />
            <Button
              className="kobo-shell-menu-button"
              variant="minimal"
              icon="menu"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls="kobo-shell-more"
              onClick={() => setMenuOpen(true)}
            />
          </div>
        </header>

        <div id="kobo-shell-content" className="kobo-shell-content" tabIndex={-1}>
          <Outlet />
        </div>
      </div>

      <nav className="kobo-shell-bottom" aria-label="Quick menu">
        {BOTTOM_BAR.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.to === '/dashboard'}
            className={linkClass('kobo-shell-bottom-link')}
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
        title="Menu"
        icon="menu"
        className="kobo-shell-drawer"
      >
        <div id="kobo-shell-more" className="kobo-shell-drawer-body">
          <div className="kobo-shell-drawer-user">
            {avatar}
            <span className="kobo-shell-who-text">
              <span className="kobo-shell-who-name">Hi, {name}</span>
              {user?.email ? <span className="kobo-shell-who-hint">{user.email}</span> : null}
            </span>
          </div>
          <nav aria-label="More">
            <ul className="kobo-shell-menu">
              {MORE_MENU.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={linkClass('kobo-shell-link')}
                    onClick={() => setMenuOpen(false)}
                  >
                    <Icon icon={item.icon} size={16} aria-hidden />
                    <span>{item.label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="kobo-shell-drawer-foot">
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
