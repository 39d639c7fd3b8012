import { Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from '../../shared/ui/Brand';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import './account.css';

/**
 * The frame of the sign-in, sign-up and password pages: no site header or footer, only the brand
 * (home) and the theme toggle, with the form in a centred card.
 */
export function AuthLayout({
  title,
  subtitle,
  icon,
  tone = 'brand',
  wide = false,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: IconName;
  /** The colour of the icon's badge: success and danger for outcomes. */
  tone?: 'brand' | 'success' | 'danger';
  /** The sign-up form needs two columns on wide screens. */
  wide?: boolean;
  children: ReactNode;
  /** Under the card: 'Already have an account? Sign in'. */
  footer?: ReactNode;
}) {
  return (
    <div className="kobo-account">
      <header className="kobo-account-top">
        <Brand />
        <ThemeToggle />
      </header>
      <main className="kobo-account-main">
        <section
          className={`kobo-card kobo-account-card${wide ? ' kobo-account-card-wide' : ''}`}
          aria-labelledby="kobo-account-title"
        >
          {icon ? (
            <div className={`kobo-account-badge kobo-account-badge-${tone}`} aria-hidden="true">
              <Icon icon={icon} size={22} />
            </div>
          ) : null}
          <h1 id="kobo-account-title" className="kobo-account-title">
            {title}
          </h1>
          {subtitle ? <p className="kobo-account-subtitle">{subtitle}</p> : null}
          {children}
        </section>
        {footer ? <div className="kobo-account-footer">{footer}</div> : null}
      </main>
      <footer className="kobo-account-legal">
        <span>
          <Icon icon="lock" size={12} /> Encrypted connection
        </span>
        <span aria-hidden="true">·</span>
        <Link to="/terms">Terms</Link>
        <span aria-hidden="true">·</span>
        <Link to="/privacy">Privacy</Link>
        <span aria-hidden="true">·</span>
        <Link to="/contact">Help</Link>
      </footer>
    </div>
  );
}
