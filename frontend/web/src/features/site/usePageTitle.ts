import { useEffect } from 'react';
import { pageTitle } from './navigation';

let renderedTitle: string | undefined;

/** The title of the page last rendered to HTML at build time (src/prerender/render.tsx). */
export function takeRenderedTitle(): string | undefined {
  const title = renderedTitle;
  renderedTitle = undefined;
  return title;
}

/** The tab's title while the page is shown (null: the home page's title). */
export function usePageTitle(title: string | null): void {
  // Rendered to HTML at build time: no effects run, the pre-rendering reads the title instead.
  if (typeof document === 'undefined') renderedTitle = pageTitle(title);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
