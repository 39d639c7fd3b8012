/**
 * The not-found page (any unknown address). A top-level route, so it has its own small header
 * instead of the site frame.
 */
import { Button, Classes, Icon } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router-dom';
import { EMAIL_RESPONSE_TIME, SUPPORT_HOURS_SUMMARY } from '../../shared/constants';
import { Brand } from '../../shared/ui/Brand';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { usePageTitle } from './usePageTitle';
import './site.css';

const linkButton = `${Classes.BUTTON} ${Classes.LARGE} kobo-site-link-button`;

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  const navigate = useNavigate();
  // React Router keeps the position in its history entries; at 0 there is no page of ours to go back to.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

  return (
    <div className="kobo-site-plain">
      <header className="kobo-site-plain-header">
        <Brand />
        <ThemeToggle />
      </header>
      <main id="kobo-site-main">
        <div className="kobo-site-notfound">
          <h1>
            <span className="kobo-site-notfound-code" style={{ display: 'block' }}>
              404
            </span>
            Page Not Found
          </h1>
          <p>The page you are looking for does not exist, has moved, or the link is mistyped.</p>
          <p className="kobo-site-notfound-meta">Error Code: 404 | Page Not Found</p>
          <div className="kobo-site-notfound-actions">
            <Link to="/" className={`${linkButton} ${Classes.INTENT_PRIMARY}`}>
              <Icon icon="home" aria-hidden />
              <span className={Classes.BUTTON_TEXT}>Back to Home</span>
            </Link>
            <Link to="/faq" className={`${linkButton} ${Classes.OUTLINED}`}>
              <Icon icon="search" aria-hidden />
              <span className={Classes.BUTTON_TEXT}>Search FAQ</span>
            </Link>
            <Button
              size="large"
              variant="outlined"
              icon="arrow-left"
              text="Go Back"
              onClick={() => (canGoBack ? navigate(-1) : navigate('/'))}
            />
            <Link to="/contact" className={`${linkButton} ${Classes.OUTLINED}`}>
              <Icon icon="chat" aria-hidden />
              <span className={Classes.BUTTON_TEXT}>Contact Support</span>
            </Link>
          </div>
          <p className="kobo-site-notfound-help">
            Need help? Send us a message at any time, day or night: our team answers {SUPPORT_HOURS_SUMMARY},
            {` ${EMAIL_RESPONSE_TIME}`}.
          </p>
        </div>
      </main>
    </div>
  );
}
