// The fetch stand-in first: the API module is created on import.
import { problem, renderPage, serveFetch } from '../account/testing';
import { screen, within } from '@testing-library/react';
import { signedIn, type Role } from '../../shared/session/session';
import { FinanceLayout } from './StaffLayout';

function financeArea(role: Role) {
  serveFetch(() => problem(500, 'unexpected'));
  const { store } = renderPage(<FinanceLayout />, { path: '/finance/*', at: '/finance' });
  store.dispatch(signedIn({ userId: `${role}-1`, role }));
}

describe('the finance frame', () => {
  it("puts every finance section in the phone's bottom bar", async () => {
    financeArea('finance');
    const bar = await screen.findByRole('navigation', { name: 'Quick menu' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Journal', 'Payouts', 'Adjustments']);
  });
});
