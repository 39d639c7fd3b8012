// The fetch stand-in first: the API module is created on import.
import { problem, renderPage, serveFetch } from './testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResetPasswordPage } from './ResetPasswordPage';

const page = (at: string) =>
  renderPage(<ResetPasswordPage />, {
    path: '/reset-password/:token?',
    at,
    others: ['/login', '/forgot-password'],
  });

describe('the reset-password page', () => {
  it('without a token says the link is invalid, offers a new one, and calls nothing', async () => {
    const sent = serveFetch(() => problem(500, 'unexpected'));
    const user = userEvent.setup();
    page('/reset-password');
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request New Link' }));
    expect(await screen.findByText('page /forgot-password')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('puts each rule’s message on its field, clears it on edit, and sends nothing', async () => {
    const sent = serveFetch(() => problem(500, 'unexpected'));
    const user = userEvent.setup();
    page('/reset-password/tok123');
    expect(screen.getByRole('heading', { name: 'Create New Password' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), '12345');
    await user.type(screen.getByLabelText('Confirm new password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.type(password, '6');
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Confirm new password'), '6');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('is busy while sending, then completes and goes to sign-in after 3 seconds', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const sent = serveFetch(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    page('/reset-password/tok123');
    await user.type(screen.getByLabelText('New password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('button', { name: 'Resetting Password...' })).toBeDisabled();
    expect(sent.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/auth/reset-password', { token: 'tok123', newPassword: 'secret12' }],
    ]);
    answer({ status: 200, body: { message: 'Password reset successful' } });

    expect(await screen.findByRole('heading', { name: 'Password Reset Complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(screen.queryByText('page /login')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('page /login')).toBeInTheDocument(), { timeout: 1500 });
  });

  it('shows the server’s refusal of a common password on the password field', async () => {
    // The list of common passwords is the server's alone; the form shows its words.
    const common = 'This password is too common and easy to guess. Please choose another.';
    serveFetch(() => problem(400, common, { newPassword: common }));
    const user = userEvent.setup();
    page('/reset-password/tok123');
    await user.type(screen.getByLabelText('New password'), 'password1');
    await user.type(screen.getByLabelText('Confirm new password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getAllByText(common).length).toBeGreaterThan(0);
  });

  it('shows the server’s message when the link is refused', async () => {
    serveFetch(() => problem(400, 'This password reset link is invalid or has expired.'));
    const user = userEvent.setup();
    page('/reset-password/spent');
    await user.type(screen.getByLabelText('New password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('This password reset link is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create New Password' })).toBeInTheDocument();
  });
});
