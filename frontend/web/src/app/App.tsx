import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { SiteFiguresProvider } from '../features/site/figures';
import { ThemeProvider } from '../shared/theme/theme';
import { useTakeOverTypedForms } from '../shared/pwa/typed-before-ready';
import { ToastProvider } from '../shared/toast/toast';
import type { AppRouter } from './router';
import { store } from './store';

/**
 * Everything around the pages; also what the build renders the sign-in and sign-up pages in
 * (src/prerender), which hydrate with the full app. The other public pages hydrate lighter
 * (site-pages.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider>
        <ToastProvider>
          <SiteFiguresProvider>{children}</SiteFiguresProvider>
        </ToastProvider>
      </ThemeProvider>
    </Provider>
  );
}

export function App({ router }: { router: AppRouter }) {
  useTakeOverTypedForms();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
