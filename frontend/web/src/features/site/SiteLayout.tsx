/**
 * The public pages' frame (docs/product/user-site.md#public-site): a header that is transparent at the top and a
 * blurred bar once scrolled, the page, and the footer. On small screens the links move into a
 * slide-in menu, loaded only when first opened so the landing page stays light.
 */
import { Classes } from '@blueprintjs/core';
import { Glyph } from '../../shared/ui/Glyph';
import { prepareIcons } from '../../shared/ui/icon-paths';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { Brand } from '../../shared/ui/Brand';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { scrollToTop, SITE_LINKS } from './navigation';
import './site.css';

// The menu uses Blueprint's buttons, so Blueprint's icons are set up with it (prepareIcons).
const loadMobileMenu = () => Promise.all([import('./MobileMenu'), prepareIcons()]).then(([menu]) => menu);
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

const MENU_ID = 'kobo-site-menu';

/** True once the page is scrolled past the top. */
function useScrolled(threshold = 8): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

/** Any link clicked inside scrolls the page smoothly to the top (also on the same page). */
function scrollOnLinkClick(event: MouseEvent<HTMLElement>) {
  if ((event.target as HTMLElement).closest('a[href]')) scrollToTop();
}

export function SiteLayout() {
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // A new page starts at the top.
  useEffect(() => {
    scrollToTop();
  }, [pathname]);

  // Focus goes back to the menu button once the menu is gone (and the page is no longer inert).
  const returnFocus = useRef(false);
  const closeMenu = useCallback(() => {
    returnFocus.current = true;
    setMenuOpen(false);
  }, []);
  useEffect(() => {
    if (menuOpen || !returnFocus.current) return;
    returnFocus.current = false;
    menuButton.current?.focus();
  }, [menuOpen]);

  return (
    <div className="kobo-site">
      <a className="kobo-site-skip" href="#kobo-site-main">
        Skip to main content
      </a>
      <header className={`kobo-site-header${scrolled ? ' is-scrolled' : ''}`} onClick={scrollOnLinkClick}>
        <div className="kobo-site-header-inner">
          <Brand />
          <nav className="kobo-site-nav" aria-label="Main">
            <ul>
              {SITE_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end className="kobo-site-navlink">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="kobo-site-actions">
            <ThemeToggle />
            <Link to="/login" className={`${Classes.BUTTON} ${Classes.MINIMAL} kobo-site-link-button`}>
              <span className={Classes.BUTTON_TEXT}>Sign in</span>
            </Link>
            <Link
              to="/signup"
              className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} kobo-site-link-button`}
            >
              <span className={Classes.BUTTON_TEXT}>Sign up</span>
            </Link>
          </div>
          <button
            type="button"
            ref={menuButton}
            className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.LARGE} kobo-site-menu-button`}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? MENU_ID : undefined}
            // Fetch the menu's code as soon as the person shows intent, so it opens at once.
            onPointerEnter={loadMobileMenu}
            onFocus={loadMobileMenu}
            onClick={() => setMenuOpen(true)}
          >
            <Glyph icon="menu" size={20} />
          </button>
        </div>
      </header>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu id={MENU_ID} onClose={closeMenu} />
        </Suspense>
      ) : null}
      <main id="kobo-site-main" className="kobo-site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

const MEMBER_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/dashboard/tasks', label: 'Tasks' },
  { to: '/dashboard/withdraw', label: 'Withdraw' },
  { to: '/dashboard/history', label: 'History' },
] as const;

function SiteFooter() {
  return (
    <footer className="kobo-site-footer" onClick={scrollOnLinkClick}>
      <div className="kobo-site-footer-grid">
        <div className="kobo-site-footer-about">
          <Brand />
          <p>
            Earn naira for small social-media and app tasks, and withdraw to your Nigerian bank account. No
            registration fee.
          </p>
        </div>
        <nav aria-labelledby="kobo-site-footer-company">
          <h2 id="kobo-site-footer-company">Company</h2>
          <ul>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="kobo-site-footer-members">
          <h2 id="kobo-site-footer-members">Members</h2>
          <ul>
            {MEMBER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>
                  {link.label}
                  <Glyph icon="lock" size={11} className="kobo-site-footer-lock" />
                  <span className="kobo-visually-hidden"> (sign-in required)</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="kobo-site-footer-account">
          <h2 id="kobo-site-footer-account">Account</h2>
          <ul>
            <li>
              <Link to="/login">Sign in</Link>
            </li>
            <li>
              <Link to="/signup">Sign up</Link>
            </li>
            <li>
              <Link to="/forgot-password">Forgot password</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="kobo-site-footer-legal">
          <h2 id="kobo-site-footer-legal">Legal</h2>
          <ul>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="kobo-site-footer-bottom">
        <p>© {new Date().getFullYear()} Kobo. All rights reserved.</p>
        <p>Kobo is not affiliated with the social platforms whose tasks it lists.</p>
      </div>
    </footer>
  );
}
