// The fetch stand-in first: the API module is created on import.
import { problem, renderPage, serveFetch, type SentRequest } from './testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignupPage } from './SignupPage';

const TAKEN = ['ada', 'chioma'];

function server(
  register: (request: SentRequest) => { status: number; body: unknown } = () => ({
    status: 201,
    body: {
      message: 'Account created successfully!, Please sign in to start earning.',
      id: 'u1',
      username: 'newbie',
      referralCode: 'ABCD2345',
    },
  }),
) {
  return serveFetch((request) => {
    if (request.path === '/api/users/username-available') {
      const username = request.query.get('username') ?? '';
      return { status: 200, body: { username, available: !TAKEN.includes(username.toLowerCase()) } };
    }
    if (request.path === '/api/auth/register') return register(request);
    return problem(404, 'Not found');
  });
}

const checks = (sent: SentRequest[]) => sent.filter((r) => r.path === '/api/users/username-available');
const registrations = (sent: SentRequest[]) => sent.filter((r) => r.path === '/api/auth/register');

async function fillValid(user: ReturnType<typeof userEvent.setup>, overrides: { username?: string } = {}) {
  await user.type(screen.getByLabelText('First name'), 'Ngozi');
  await user.type(screen.getByLabelText('Last name'), 'Eze');
  await user.type(screen.getByLabelText('Username'), overrides.username ?? 'ngozi');
  await user.type(screen.getByLabelText('Email address'), 'ngozi@example.ng');
  await user.type(screen.getByLabelText('Phone number'), '08031234567');
  await user.type(screen.getByLabelText('Password'), 'secret12');
  await user.type(screen.getByLabelText('Confirm password'), 'secret12');
}

describe('the sign-up form', () => {
  beforeEach(() => localStorage.clear());

  it('checks the username once typing pauses and it is long enough: checking, available, taken', async () => {
    const sent = server();
    // Typing at a person's pace, 100 ms a key: quicker than the pause that triggers a check.
    const user = userEvent.setup({ delay: 100 });
    renderPage(<SignupPage />, { path: '/signup', at: '/signup' });
    const username = screen.getByLabelText('Username');

    await user.type(username, 'ad');
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(checks(sent)).toHaveLength(0);

    await user.type(username, 'a');
    expect(screen.getByText('Checking availability...')).toBeInTheDocument();
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    expect(checks(sent).map((r) => r.query.get('username'))).toEqual(['ada']);

    await user.type(username, 'eze');
    expect(await screen.findByText('Username is available')).toBeInTheDocument();
    // One question per pause, not one per key.
    expect(checks(sent).map((r) => r.query.get('username'))).toEqual(['ada', 'adaeze']);
  });

  it('shows the rules’ messages on the fields and sends nothing', async () => {
    const sent = server();
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: '/signup', at: '/signup' });

    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Confirm password'), '1234');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(registrations(sent)).toHaveLength(0);

    // Editing a field clears its message.
    await user.type(screen.getByLabelText('First name'), 'N');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
  });

  it('requires the terms checkbox', async () => {
    const sent = server();
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: '/signup', at: '/signup' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      screen.getByText('Please confirm you are 18 or older and agree to the Terms and Privacy Policy'),
    ).toBeInTheDocument();
    expect(registrations(sent)).toHaveLength(0);
  });

  it('refuses a username the check found taken', async () => {
    const sent = server();
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: '/signup', at: '/signup' });
    await fillValid(user, { username: 'chioma' });
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await screen.findByText('Username is already taken');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(registrations(sent)).toHaveLength(0);
  });

  it('registers with the referral code from the link, then says so and goes to sign-in', async () => {
    const sent = server();
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: '/signup', at: '/signup?ref=abcd2345', others: ['/login'] });
    expect(screen.getByLabelText(/Referral code/)).toHaveValue('ABCD2345');
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('page /login')).toBeInTheDocument();
    expect(
      await screen.findByText('Account created successfully!, Please sign in to start earning.'),
    ).toBeInTheDocument();
    expect(registrations(sent).map((r) => r.body)).toEqual([
      {
        firstName: 'Ngozi',
        lastName: 'Eze',
        username: 'ngozi',
        email: 'ngozi@example.ng',
        password: 'secret12',
        phone: '08031234567',
        referredBy: 'ABCD2345',
      },
    ]);
  });

  it('shows the server’s message in a toast and its field errors on the fields', async () => {
    server(() => problem(409, 'Email is already registered', { email: 'Email is already registered' }));
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: '/signup', at: '/signup', others: ['/login'] });
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const field = screen.getByLabelText('Email address');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    const help = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(help).toHaveTextContent('Email is already registered');
    // Toasts load their overlay with the first one, so the toast arrives a moment later.
    expect(
      await screen.findByText('Email is already registered', { selector: '.bp6-toast-container *' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('page /login')).not.toBeInTheDocument();
  });
});
