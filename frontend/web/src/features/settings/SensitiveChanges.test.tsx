// The fetch stand-in first: the API module is created on import.
import { problem, renderPage, serveFetch, type SentRequest } from '../account/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsPage } from './SettingsPage';

const NEEDED = 'Please enter your current password to change your email or bank details.';
const profile = {
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@demo.kobo.ng',
  phone: '08031234567',
  bankDetails: {
    bankCode: '50211',
    bankName: 'Kuda Bank',
    accountNum: '0123456789',
    accountName: 'Ada Okafor',
  },
};
const dashboard = { ...profile, username: 'adaokafor', hasPin: true };
const banks = [
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Zenith Bank', code: '057' },
];

/** The settings page over a server that answers the dashboard and hands profile updates to `update`. */
function settingsWith(update: (request: SentRequest) => { status: number; body: unknown }, tab = '') {
  const sent = serveFetch((request) => {
    if (request.method === 'PUT') return update(request);
    if (request.path === '/api/banks') return { status: 200, body: { banks } };
    if (request.path === '/api/banks/resolve')
      return { status: 200, body: { accountName: 'ADA OKAFOR', checked: true, message: 'Account found.' } };
    return { status: 200, body: dashboard };
  });
  renderPage(<SettingsPage />, { path: '/dashboard/settings', at: `/dashboard/settings${tab}` });
  return { sent: () => sent.filter((r) => r.method === 'PUT'), user: userEvent.setup() };
}

describe('Settings: the current password for sensitive changes', () => {
  it('asks for it only when the email changes, and sends it with the new email', async () => {
    const { sent, user } = settingsWith((r) => ({
      status: 200,
      body: { message: 'Profile updated successfully!', profile: { ...profile, ...(r.body as object) } },
    }));
    const email = await screen.findByLabelText(/Email address/);
    const form = within(email.closest('form')!);
    await user.clear(screen.getByLabelText(/Phone number/));
    await user.type(screen.getByLabelText(/Phone number/), '08030000000');
    expect(form.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ADA@demo.kobo.ng'); // the same address in capitals: no password
    expect(form.queryByLabelText(/Current password/)).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'ada.new@demo.kobo.ng');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    const password = form.getByLabelText(/Current password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(NEEDED)).toBeInTheDocument();
    expect(sent()).toHaveLength(0);

    await user.type(password, 'password123');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(sent().map((r) => r.body)).toEqual([
      { phone: '08030000000', email: 'ada.new@demo.kobo.ng', currentPassword: 'password123' },
    ]);
  });

  it("shows the server's refusal of the password at the field", async () => {
    const { user } = settingsWith(() =>
      problem(400, 'Current password is incorrect', { currentPassword: 'Current password is incorrect' }),
    );
    const email = await screen.findByLabelText(/Email address/);
    const form = within(email.closest('form')!);
    await user.clear(email);
    await user.type(email, 'thief@evil.test');
    await user.type(form.getByLabelText(/Current password/), 'guess');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(
      await screen.findByText('Current password is incorrect', { selector: 'span' }),
    ).toBeInTheDocument();
    expect(form.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('always asks for it to save bank details, and shows the server refusal at the field', async () => {
    const { sent, user } = settingsWith(
      () =>
        problem(400, 'Current password is incorrect', { currentPassword: 'Current password is incorrect' }),
      '?tab=bank',
    );
    const bank = await screen.findByRole('combobox', { name: /^Bank/ });
    await user.type(bank, 'zen');
    await user.click(screen.getByRole('option', { name: 'Zenith Bank' }));
    await screen.findByText('Name confirmed by the bank');
    const password = within(bank.closest('form')!).getByLabelText(/Current password/);
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    expect(screen.getByText(NEEDED)).toBeInTheDocument();
    expect(sent()).toHaveLength(0);

    await user.type(password, 'guess');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    expect(
      await screen.findByText('Current password is incorrect', { selector: 'span' }),
    ).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(sent().map((r) => r.body)).toEqual([
      {
        bankDetails: {
          bankCode: '057',
          bankName: 'Zenith Bank',
          accountNum: '0123456789',
          accountName: 'ADA OKAFOR',
        },
        currentPassword: 'guess',
      },
    ]);
  });
});
