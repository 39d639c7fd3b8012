/** The frame of the Terms and the Privacy Policy: title, date, table of contents, numbered sections. */
import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '../../shared/constants';
import { SitePageHero } from './components';
import { usePageTitle } from './usePageTitle';
import './site.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  usePageTitle(title);
  return (
    <>
      <SitePageHero eyebrow="Legal" title={title}>
        <p>Last updated: {LEGAL_LAST_UPDATED}</p>
      </SitePageHero>
      <div className="kobo-site-section">
        <div className="kobo-site-container kobo-site-legal">
          <nav className="kobo-site-toc" aria-labelledby="kobo-site-toc-title">
            <h2 id="kobo-site-toc-title">Contents</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="kobo-site-legal-body">
            <div className="kobo-site-legal-intro">{intro}</div>
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </article>
        </div>
      </div>
    </>
  );
}
