/**
 * The back office's frame, one for both staff areas and separate from the user's: a side menu on
 * wide screens; on phones a bottom bar and a slide-out menu with every page. The top bar names the
 * area and holds the theme toggle and Logout. The admin area's bottom bar is the one of
 * docs/product/staff-area.md#routes-and-guards (Home, Campaigns, Users, Withdrawals).
 */
import { Button, Drawer, Icon, Position, Tag, type IconName, type Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { endSession } from '../../shared/api/api';
import { leaving, useSession } from '../../shared/session/session';
import { Brand } from '../../shared/ui/Brand';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { ConnectionNotice } from '../../shared/ui/LastKnown';
import { useAdminSignOutMutation } from './api';
import './admin-shell.css';

export interface MenuItem {
  to: string;
  label: string;
  icon: IconName;
}

interface StaffArea {
  home: string;
  tag: { text: string; intent: Intent };
  who: { name: string; hint: string; icon: IconName };
  menu: MenuItem[];
  bottomBar: MenuItem[];
}

const DASHBOARD: MenuItem = { to: '/admin', label: 'Dashboard', icon: 'dashboard' };
const CAMPAIGNS: MenuItem = { to: '/admin/campaigns', label: 'Campaigns', icon: 'projects' };
const ACTIVE_CAMPAIGNS: MenuItem = {
  to: '/admin/active-campaigns',
  label: 'Active Campaigns',
  icon: 'endorsed',
};
const USERS: MenuItem = { to: '/admin/users', label: 'Users', icon: 'people' };
const WITHDRAWALS: MenuItem = { to: '/admin/withdrawals', label: 'Withdrawals', icon: 'bank-account' };
const TRANSACTIONS: MenuItem = { to: '/admin/transactions', label: 'Transactions', icon: 'exchange' };
const COMMUNITY: MenuItem = { to: '/admin/community', label: 'Community', icon: 'chat' };
const JOURNAL: MenuItem = { to: '/finance', label: 'Journal & tools', icon: 'book' };
const PAYOUTS: MenuItem = { to: '/finance/payouts', label: 'Payouts', icon: 'send-message' };
const ADJUSTMENTS: MenuItem = { to: '/finance/adjustments', label: 'Adjustments', icon: 'exchange' };

const ADMIN_AREA: StaffArea = {
  home: '/admin',
  tag: { text: 'Admin', intent: 'warning' },
  who: { name: 'Admin', hint: 'Kobo admin area', icon: 'shield' },
  // Admins may read the finance area (docs/product/staff-area.md#the-finance-area).
  menu: [DASHBOARD, CAMPAIGNS, ACTIVE_CAMPAIGNS, USERS, WITHDRAWALS, TRANSACTIONS, COMMUNITY, JOURNAL],
  bottomBar: [{ ...DASHBOARD, label: 'Home', icon: 'home' }, CAMPAIGNS, USERS, WITHDRAWALS],
};

const FINANCE_AREA: StaffArea = {
  home: '/finance',
  tag: { text: 'Finance', intent: 'primary' },
  who: { name: 'Finance', hint: 'Kobo finance desk', icon: 'bank-account' },
  menu: [JOURNAL, PAYOUTS, ADJUSTMENTS],
  bottomBar: [{ ...JOURNAL, label: 'Journal' }, PAYOUTS, ADJUSTMENTS],
};

function linkClass(base: string) {
  return ({ isActive }: { isActive: boolean }) => (isActive ? `${base} is-active` : base);
}

function AreaBrand({ area }: { area: StaffArea }) {
  return (
    <span className="kobo-admin-brand">
      <Brand to={area.home} />
      <Tag intent={area.tag.intent} minimal round className="kobo-admin-tag">
        {area.tag.text}
      </Tag>
    </span>
  );
}

/** An area's home is active only on itself, not on every page below it. */
const isHome = (to: string) => to === '/admin' || to === '/finance';

function MenuLinks({ items, onNavigate }: { items: MenuItem[]; onNavigate?: () => void }) {
  return (
    <ul className="kobo-admin-menu">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={isHome(item.to)}
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

/** The admin area's frame (docs/product/staff-area.md#routes-and-guards). */
export function AdminLayout() {
  return <StaffLayout area={ADMIN_AREA} />;
}

/** The finance area's frame; an admin reading it gets the admin area's menu, with its link here. */
export function FinanceLayout() {
  const session = useSession();
  return <StaffLayout area={session?.role === 'admin' ? ADMIN_AREA : FINANCE_AREA} />;
}

function StaffLayout({ area }: { area: StaffArea }) {
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
      <Icon icon={area.who.icon} size={16} />
    </span>
  );

  return (
    <div className="kobo-admin-shell">
      <a className="kobo-admin-skip" href="#kobo-admin-content">
        Skip to content
      </a>

      <aside className="kobo-admin-side">
        <div className="kobo-admin-side-brand">
          <AreaBrand area={area} />
        </div>
        <nav aria-label={`${area.tag.text} menu`}>
          <MenuLinks items={area.menu} />
        </nav>
        <div className="kobo-admin-side-foot">
          <p className="kobo-admin-note">
            <Icon icon="lock" size={12} aria-hidden /> Staff only: the server checks every action
          </p>
        </div>
      </aside>

      <div className="kobo-admin-main">
        <ConnectionNotice />
        <header className="kobo-admin-top">
          <div className="kobo-admin-top-brand">
            <AreaBrand area={area} />
          </div>
          <div className="kobo-admin-who">
            {avatar}
            <span className="kobo-admin-who-text">
              <span className="kobo-admin-who-name">{area.who.name}</span>
              <span className="kobo-admin-who-hint">{area.who.hint}</span>
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
        {area.bottomBar.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={isHome(item.to)}
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
        title={`${area.tag.text} menu`}
        icon="menu"
      >
        <div id="kobo-admin-more" className="kobo-admin-drawer-body">
          <div className="kobo-admin-drawer-user">
            {avatar}
            <span className="kobo-admin-who-text">
              <span className="kobo-admin-who-name">{area.who.name}</span>
              <span className="kobo-admin-who-hint">{area.who.hint}</span>
            </span>
          </div>
          <nav aria-label={`${area.tag.text} pages`}>
            <MenuLinks items={area.menu} onNavigate={() => setMenuOpen(false)} />
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
