// The fetch stand-in first: the API module is created on import.
import { problem, serveFetch } from '../account/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createStore } from '../../app/store';
import { signedIn } from '../../shared/session/session';
import { ThemeProvider } from '../../shared/theme/theme';
import { ToastProvider } from '../../shared/toast/toast';
import { AdminLoginPage } from './AdminLoginPage';
import { staffDestination } from './destination';

const ADMIN = { email: 'admin@demo.kobo.ng', password: 'password123' };

/** The page at /admin/login, as the guard leaves it (`from` in the router state). */
function page(from?: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/admin/*', element: <p>admin area</p> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: [{ pathname: '/admin/login', state: from ? { from } : null }] },
  );
  const store = createStore();
  render(
    <Provider store={store}>
      <ThemeProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </Provider>,
  );
  return { router, store, user: userEvent.setup() };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => localStorage.clear());

describe('the admin sign-in', () => {
  it('is the Admin Portal, with a way home and a password that can be shown', async () => {
    serveFetch(() => problem(500, 'unexpected'));
    const { user } = page();
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('link', { name: /back to kobo home/i }));
    expect(await screen.findByText('home')).toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const sent = serveFetch(() => problem(500, 'unexpected'));
    const { user } = page();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s refusal of a non-admin and keeps them out', async () => {
    serveFetch(() => problem(403, 'Access denied. Admins only.'));
    const { user, store, router } = page();
    await fillIn(user, 'ada@demo.kobo.ng', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Admins only.');
    expect(store.getState().session.current).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('treats a wrong password as a refusal, not as the end of whoever is signed in', async () => {
    serveFetch(() => problem(401, 'Invalid email or password'));
    const { user, store } = page('/admin');
    store.dispatch(signedIn({ userId: 'ada', role: 'user' }));
    await fillIn(user, ADMIN.email, 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(store.getState().session.current).toEqual({ userId: 'ada', role: 'user' });
  });

  it('signs an admin in at /api/auth/admin-login and opens the admin dashboard', async () => {
    const sent = serveFetch(() => ({
      status: 200,
      body: { _id: 'admin-1', token: 'not-kept', isAdmin: true, role: 'admin' },
    }));
    const { user, store, router } = page();
    await fillIn(user, ` ${ADMIN.email} `, ADMIN.password);
    expect(await screen.findByText('admin area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(sent.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/api/auth/admin-login', ADMIN],
    ]);
    expect(store.getState().session.current).toEqual({ userId: 'admin-1', role: 'admin' });
    expect(await screen.findByText('Welcome back, Admin.')).toBeInTheDocument();
    expect(localStorage.getItem('kobo.session')).not.toContain('not-kept');
  });

  it('returns to the admin page the guard turned away from', async () => {
    serveFetch(() => ({ status: 200, body: { _id: 'admin-1', token: 't', isAdmin: true, role: 'admin' } }));
    const { user, router } = page('/admin/withdrawals');
    await fillIn(user, ADMIN.email, ADMIN.password);
    expect(await screen.findByText('admin area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/withdrawals');
  });
});

describe('staffDestination', () => {
  it('keeps an admin page and sends anything else to /admin', () => {
    expect(staffDestination('admin', '/admin/community')).toBe('/admin/community');
    expect(staffDestination('admin', '/admin?tab=x')).toBe('/admin?tab=x');
    expect(staffDestination('admin', '/admin/login')).toBe('/admin');
    expect(staffDestination('admin', '/administrator')).toBe('/admin');
    expect(staffDestination('admin', '/dashboard')).toBe('/admin');
    expect(staffDestination('admin', '//evil.example/admin')).toBe('/admin');
    expect(staffDestination('admin', undefined)).toBe('/admin');
    expect(staffDestination('admin', '/finance/payouts')).toBe('/finance/payouts');
  });

  it('lands finance staff on /finance and never in the admin area', () => {
    expect(staffDestination('finance', undefined)).toBe('/finance');
    expect(staffDestination('finance', '/finance/events/e1')).toBe('/finance/events/e1');
    expect(staffDestination('finance', '/admin/withdrawals')).toBe('/finance');
    expect(staffDestination('finance', '/financial')).toBe('/finance');
  });
});
