/**
 * The FAQ (/faq): a searchable accordion in four categories, a result count while searching, a
 * 'No results found' state and a clear-search link. The search is kept in the address (?q=) so a
 * search can be shared.
 */
import { Classes, Icon, InputGroup, Tag } from '@blueprintjs/core';
import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FaqAccordion, SitePageHero } from './components';
import { FAQ_CATEGORIES, filterFaq, resultCount } from './faq-content';
import { useSiteFigures } from './figures';
import { usePageTitle } from './usePageTitle';
import './site.css';

export function FaqPage() {
  usePageTitle('FAQ');
  const { figures } = useSiteFigures();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const searching = query.trim() !== '';
  const input = useRef<HTMLInputElement>(null);
  const result = useMemo(() => filterFaq(FAQ_CATEGORIES, query, figures), [query, figures]);

  const setQuery = (next: string) =>
    setParams(next ? { q: next } : {}, { replace: true, preventScrollReset: true });
  const clear = () => {
    setQuery('');
    input.current?.focus();
  };

  return (
    <>
      <SitePageHero eyebrow="Help centre" title="Frequently Asked Questions">
        <p>Everything about earning on Kobo, your balances, withdrawals and keeping your account safe.</p>
        <form className="kobo-site-search" role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="kobo-site-faq-search" className="kobo-visually-hidden">
            Search the FAQ
          </label>
          <InputGroup
            id="kobo-site-faq-search"
            inputRef={input}
            type="search"
            leftIcon="search"
            size="large"
            placeholder="Search questions, e.g. withdrawal"
            value={query}
            onValueChange={setQuery}
            autoComplete="off"
          />
        </form>
        {!searching ? (
          <ul className="kobo-site-chips" aria-label="Categories">
            {FAQ_CATEGORIES.map((category) => (
              <li key={category.id}>
                <a href={`#${category.id}`}>{category.title}</a>
              </li>
            ))}
          </ul>
        ) : null}
      </SitePageHero>

      <div className="kobo-site-section kobo-site-faq-section">
        <div className="kobo-site-container kobo-site-faq">
          <div className={`kobo-site-search-status${searching ? '' : ' is-idle'}`}>
            <p role="status" aria-live="polite">
              {searching ? resultCount(result.count) : ''}
            </p>
            {searching && result.count > 0 ? (
              <button type="button" className="kobo-site-linkish" onClick={clear}>
                Clear search
              </button>
            ) : null}
          </div>

          {result.count === 0 ? (
            <div className="kobo-site-empty">
              <Icon icon="search" size={32} className="kobo-muted" aria-hidden />
              <h2>No results found</h2>
              <p>Nothing matches “{query.trim()}”. Try other words, or ask us directly.</p>
              <p>
                <button type="button" className="kobo-site-linkish" onClick={clear}>
                  Clear search
                </button>
                <span className="kobo-muted"> or </span>
                <Link to="/contact">contact support</Link>
              </p>
            </div>
          ) : (
            result.categories.map((category) => (
              <section
                key={category.id}
                id={category.id}
                className="kobo-site-faq-category"
                aria-labelledby={`${category.id}-title`}
              >
                <h2 id={`${category.id}-title`}>
                  {category.title}
                  <Tag minimal round aria-label={`${category.items.length} questions`}>
                    {category.items.length}
                  </Tag>
                </h2>
                <FaqAccordion
                  // A new search opens every match.
                  key={searching ? `search:${query}` : 'all'}
                  items={category.items}
                  figures={figures}
                  openIds={searching ? category.items.map((item) => item.id) : undefined}
                />
              </section>
            ))
          )}

          <div
            className="kobo-site-card"
            style={{ marginTop: 24, textAlign: 'center', alignItems: 'center' }}
          >
            <h2 style={{ margin: '0 0 6px', fontSize: 20 }}>Still have questions?</h2>
            <p>Our support team replies to every message within 24 hours.</p>
            <p style={{ marginTop: 16 }}>
              <Link
                to="/contact"
                className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} kobo-site-link-button`}
              >
                <span className={Classes.BUTTON_TEXT}>Contact support</span>
              </Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
