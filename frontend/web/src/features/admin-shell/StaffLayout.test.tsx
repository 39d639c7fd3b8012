// The fetch stand-in first: the API module is created on import.
import { problem, serveFetch } from '../account/testing';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createStore } from '../../app/store';
import { signedIn, type Role } from '../../shared/session/session';
import { ThemeProvider } from '../../shared/theme/theme';
import { ToastProvider } from '../../shared/toast/toast';
import { FinanceLayout } from './StaffLayout';

function financeArea(role: Role) {
  serveFetch(() => problem(500, 'unexpected'));
  const store = createStore();
  store.dispatch(signedIn({ userId: `${role}-1`, role }));
  const router = createMemoryRouter(
    [
      {
        path: '/finance/*',
        element: <FinanceLayout />,
        children: [{ index: true, element: <h1>Journal</h1> }],
      },
    ],
    { initialEntries: ['/finance'] },
  );
  render(
    <Provider store={store}>
      <ThemeProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </Provider>,
  );
}

describe('the finance frame', () => {
  it("puts every finance section in the phone's bottom bar", () => {
    financeArea('finance');
    const bar = screen.getByRole('navigation', { name: 'Quick menu' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Journal', 'Payouts', 'Adjustments']);
  });
});
