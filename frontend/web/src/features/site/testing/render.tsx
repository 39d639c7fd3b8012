/** Renders a site page as the app does: a fresh store, the theme and toasts, and a router. */
import { Icons } from '@blueprintjs/icons';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../../app/store';
import { ThemeProvider } from '../../../shared/theme/theme';
import { ToastProvider } from '../../../shared/toast/toast';

export function renderSitePage(page: ReactElement, { path = '/' }: { path?: string } = {}) {
  const store = createStore();
  return {
    store,
    ...render(
      <Provider store={store}>
        <ThemeProvider>
          <ToastProvider>
            <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
          </ToastProvider>
        </ThemeProvider>
      </Provider>,
    ),
  };
}

/**
 * Blueprint loads each icon's paths on first use and re-renders when they arrive; loading them all
 * once before the tests keeps those late updates (and act() warnings) out of the results.
 */
export function loadIconsBeforeAll(): void {
  beforeAll(() => Icons.loadAll());
}
