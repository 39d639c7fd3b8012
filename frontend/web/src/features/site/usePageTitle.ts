import { useEffect } from 'react';
import { pageTitle } from './navigation';

/** The tab's title while the page is shown (null: the home page's title). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
