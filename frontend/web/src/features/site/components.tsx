/** Pieces the public pages share: the page heading band and the FAQ accordion. */
import { Glyph } from '../../shared/ui/Glyph';
import { useId, useState, type ReactNode } from 'react';
import type { SiteFigures } from './api';
import type { FaqItem } from './faq-essentials';

/** The band under the header with the page's one h1. */
export function SitePageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="kobo-site-page-hero" aria-labelledby="kobo-site-page-title">
      <div className="kobo-site-container">
        {eyebrow ? <p className="kobo-site-eyebrow">{eyebrow}</p> : null}
        <h1 id="kobo-site-page-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/**
 * Questions that open and close one by one (the WAI accordion pattern: a heading holding a button
 * with aria-expanded that controls its panel).
 */
export function FaqAccordion({
  items,
  figures,
  headingLevel = 3,
  openIds,
}: {
  items: FaqItem[];
  figures: SiteFigures | undefined;
  headingLevel?: 3 | 4;
  /** Questions open from the start. */
  openIds?: string[];
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(openIds));
  const baseId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ul className="kobo-site-accordion">
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <li key={item.id} className="kobo-site-accordion-item">
            <Heading>
              <button
                type="button"
                id={buttonId}
                className="kobo-site-accordion-button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.question}</span>
                <Glyph icon="chevron-down" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="kobo-site-accordion-panel"
              hidden={!expanded}
            >
              {item.answer(figures).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
