import { render, screen, waitFor } from '@testing-library/react';
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
  bankDetails: { bankName: '', accountNum: '', accountName: '' },
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

describe('Settings: bank', () => {
  it('offers the 20 banks and needs all three details', async () => {
    const user = await renderSettings('?tab=bank');
    const bank = screen.getByRole('combobox', { name: /^Bank/ });
    expect(bank.querySelectorAll('option')).toHaveLength(21); // the placeholder and 20 banks
    await user.selectOptions(bank, 'Kuda Bank');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all bank details before updating.');
  });

  it('takes digits only in the account number and wants 10 of them', async () => {
    const user = await renderSettings('?tab=bank');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Bank/ }), 'Opay Bank');
    await user.type(screen.getByLabelText(/Account number/), '01a2-3456');
    expect(screen.getByLabelText(/Account number/)).toHaveValue('0123456');
    await user.type(screen.getByLabelText(/Account name/), 'Ada Okafor');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Account number must be 10 digits.');
  });
});

describe('Settings: security', () => {
  it('checks the new password twice before sending', async () => {
    const user = await renderSettings('?tab=security');
    await user.type(screen.getByLabelText('Current password'), 'password123');
    await user.type(screen.getByLabelText('New password'), 'abcde');
    await user.type(screen.getByLabelText('Confirm new password'), 'abcdf');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('New passwords do not match!');

    await user.type(screen.getByLabelText('Confirm new password'), '{Backspace}e');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Password must be at least 6 characters!');
  });

  it('asks for the password and the checkbox, then confirms before deleting', async () => {
    const user = await renderSettings('?tab=security');
    const deleteButton = screen.getByRole('button', { name: 'Delete Account' });
    const deleteAlert = () => screen.getAllByRole('alert')[1];

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
