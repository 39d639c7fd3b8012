/**
 * The slide-in menu for small screens: the site links, the theme toggle, Sign up and Sign in. A
 * modal dialog: focus moves into it and stays there, Esc, the close button, the backdrop or any
 * link closes it, and focus then returns to the menu button (the layout does that). The rest of
 * the page is inert meanwhile. Loaded lazily, the first time the menu opens.
 */
import { Button, Classes } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink } from 'react-router-dom';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { scrollToTop, SITE_LINKS } from './navigation';

const CLOSE_ANIMATION_MS = 180;
const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function MobileMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const [closing, setClosing] = useState(false);

  const close = useCallback(() => {
    if (closing) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduce) return onClose();
    setClosing(true);
    window.setTimeout(onClose, CLOSE_ANIMATION_MS);
  }, [closing, onClose]);

  // Focus the first control; keep the page behind inert and still while the menu is open.
  useEffect(() => {
    const root = document.getElementById('root');
    const overflow = document.documentElement.style.overflow;
    root?.setAttribute('inert', '');
    document.documentElement.style.overflow = 'hidden';
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      root?.removeAttribute('inert');
      document.documentElement.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    // Keep Tab and Shift+Tab inside the menu.
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const onLink = () => {
    scrollToTop();
    close();
  };

  const state = closing ? ' is-closing' : '';
  return createPortal(
    <>
      <div className={`kobo-site-drawer-backdrop${state}`} onClick={close} aria-hidden="true" />
      <div
        ref={panel}
        id={id}
        className={`kobo-site-drawer${state}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onKeyDown}
      >
        <div className="kobo-site-drawer-head">
          <h2 id={`${id}-title`} className="kobo-site-drawer-title">
            Menu
          </h2>
          <Button variant="minimal" icon="cross" aria-label="Close menu" onClick={close} />
        </div>
        <div className="kobo-site-drawer-body">
          <nav className="kobo-site-drawer-nav" aria-label="Main">
            <ul>
              {SITE_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end className="kobo-site-navlink" onClick={onLink}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="kobo-site-drawer-theme">
            <span>Theme</span>
            <ThemeToggle withText />
          </div>
        </div>
        <div className="kobo-site-drawer-foot">
          <Link
            to="/signup"
            className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE} kobo-site-link-button`}
            onClick={onLink}
          >
            <span className={Classes.BUTTON_TEXT}>Sign up</span>
          </Link>
          <Link
            to="/login"
            className={`${Classes.BUTTON} ${Classes.OUTLINED} ${Classes.LARGE} kobo-site-link-button`}
            onClick={onLink}
          >
            <span className={Classes.BUTTON_TEXT}>Sign in</span>
          </Link>
        </div>
      </div>
    </>,
    document.body,
  );
}
