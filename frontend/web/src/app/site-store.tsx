/**
 * The app's store for a public page that sends something (the contact form), loaded with that page's
 * code (site-pages.tsx) so the other public pages never download Redux and RTK Query.
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { store } from './store';

export function SiteStore({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
