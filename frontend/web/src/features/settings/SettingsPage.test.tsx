import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../app/store';
import { accountApi, type Dashboard } from '../../shared/api/account';
import { ToastProvider } from '../../shared/toast/toast';
import { SettingsPage } from './SettingsPage';

const dashboard = {
  username: 'adaokafor',
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@demo.kobo.ng',
  phone: '08031234567',
  bankDetails: { bankCode: '', bankName: '', accountNum: '', accountName: '' },
  hasPin: false,
} as Dashboard;

/** The page over a real store whose cache holds the dashboard answer; no request is sent here. */
async function renderSettings(tab = '') {
  const store = createStore();
  await store.dispatch(accountApi.util.upsertQueryData('getDashboard', undefined, dashboard));
  render(
    <Provider store={store}>
      <ToastProvider>
        <MemoryRouter initialEntries={[`/dashboard/settings${tab}`]}>
          <SettingsPage />
        </MemoryRouter>
      </ToastProvider>
    </Provider>,
  );
  return userEvent.setup();
}

describe('Settings: profile', () => {
  it('starts from the saved profile and shows the username read-only', async () => {
    await renderSettings();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/Email address/)).toHaveValue('ada@demo.kobo.ng');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.getByText('Your username cannot be changed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  });

  it('refuses an emptied field with the spec message and marks it', async () => {
    const user = await renderSettings();
    const phone = screen.getByLabelText(/Phone number/);
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields before updating.');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    // Editing the field clears the refusal.
    await user.type(phone, '0803');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});

describe('Settings: security', () => {
  it('checks the new password twice before sending', async () => {
    const user = await renderSettings('?tab=security');
    const form = within(screen.getByRole('region', { name: 'Change Password' }));
    await user.type(form.getByLabelText('Current password'), 'password123');
    await user.type(form.getByLabelText('New password'), 'abcde');
    await user.type(form.getByLabelText('Confirm new password'), 'abcdf');
    await user.click(form.getByRole('button', { name: 'Update Password' }));
    expect(form.getByRole('alert')).toHaveTextContent('New passwords do not match!');

    await user.type(form.getByLabelText('Confirm new password'), '{Backspace}e');
    await user.click(form.getByRole('button', { name: 'Update Password' }));
    expect(form.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters!');
  });

  it('shows whether a transaction PIN is set and checks a new one before sending', async () => {
    const user = await renderSettings('?tab=security');
    const panel = within(screen.getByRole('region', { name: 'Transaction PIN' }));
    expect(panel.getByText('No PIN yet')).toBeInTheDocument();
    const pin = panel.getByLabelText('PIN');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAttribute('autocomplete', 'off');
    await user.type(pin, '12x3');
    expect(pin).toHaveValue('123');
    await user.click(panel.getByRole('button', { name: 'Set PIN' }));
    expect(panel.getByText('Enter your 4-digit transaction PIN.')).toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    await user.type(pin, '4');
    await user.type(panel.getByLabelText('Confirm PIN'), '1243');
    await user.click(panel.getByRole('button', { name: 'Set PIN' }));
    expect(panel.getByText('The two PINs do not match.')).toBeInTheDocument();
  });

  it('asks for the password and the checkbox, then confirms before deleting', async () => {
    const user = await renderSettings('?tab=security');
    const deleteButton = screen.getByRole('button', { name: 'Delete Account' });
    const deleteAlert = () =>
      within(screen.getByRole('region', { name: 'Delete Account' })).getByRole('alert');

    await user.click(deleteButton);
    expect(deleteAlert()).toHaveTextContent('Please enter your password to delete account!');

    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(deleteButton);
    expect(deleteAlert()).toHaveTextContent('Please confirm that you want to delete your account!');

    await user.click(screen.getByRole('checkbox', { name: /deleted permanently/ }));
    await user.click(deleteButton);
    expect(await screen.findByText('Delete your account for good?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByText('Delete your account for good?')).not.toBeInTheDocument());
  });
});
