// The fetch stand-in first: the API module is created on import.
import { problem, renderPage, serveFetch, type Answer, type SentRequest } from '../account/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsPage } from './SettingsPage';
import { settingsWithWayBack } from './way-back';

const BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Zenith Bank', code: '057' },
];
const UNCHECKED = 'The account name could not be checked. Make sure it is your own account.';
const NOT_FOUND = 'We could not find this account at Guaranty Trust Bank. Check the account number.';
const empty = { bankCode: '', bankName: '', accountNum: '', accountName: '' };
const dashboard = (bankDetails = empty) => ({
  username: 'adaokafor',
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@demo.kobo.ng',
  phone: '08031234567',
  hasPin: false,
  bankDetails,
});

/**
 * The Bank tab over a stand-in server: the dashboard, the banks, and `resolve` and `update` for the
 * name enquiry and the save.
 */
function bankTab({
  resolve = () => ({
    status: 200,
    body: { accountName: 'ADA OKAFOR', checked: true, message: 'Account found.' },
  }),
  update = (r) => ({
    status: 200,
    body: {
      message: 'Bank details updated successfully!',
      profile: { ...dashboard(), ...(r.body as object) },
    },
  }),
  banks = () => ({ status: 200, body: { banks: BANKS } }),
  saved = empty,
  at = '/dashboard/settings?tab=bank',
}: {
  resolve?: (request: SentRequest) => Answer;
  update?: (request: SentRequest) => Answer;
  banks?: () => Answer;
  saved?: typeof empty;
  at?: string;
} = {}) {
  const sent = serveFetch((request) => {
    if (request.path === '/api/banks') return banks();
    if (request.path === '/api/banks/resolve') return resolve(request);
    if (request.method === 'PUT') return update(request);
    return { status: 200, body: dashboard(saved) };
  });
  const { router } = renderPage(<SettingsPage />, {
    path: '/dashboard/settings',
    at,
    others: ['/dashboard/withdraw'],
  });
  const user = userEvent.setup();
  const resolves = () => sent.filter((r) => r.path === '/api/banks/resolve');
  const updates = () => sent.filter((r) => r.method === 'PUT');
  async function chooseBank(typed: string, name: string) {
    const bank = await screen.findByRole('combobox', { name: /^Bank/ });
    await user.type(bank, typed);
    await user.click(screen.getByRole('option', { name }));
    return bank;
  }
  /** The bank form's own current-password field (Security has others). */
  const password = () => within(screen.getByRole('tabpanel')).getByLabelText(/Current password/);
  return { user, router, resolves, updates, chooseBank, password };
}

describe('Settings → Bank: the bank from the server’s list', () => {
  it('filters the list as you type and picks with the keyboard', async () => {
    const { user } = bankTab();
    const bank = await screen.findByRole('combobox', { name: /^Bank/ });
    await user.type(bank, 'ban');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Access Bank',
      'Guaranty Trust Bank',
      'Kuda Bank',
      'Zenith Bank',
    ]);
    await user.type(bank, 'k z');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Zenith Bank']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(bank).toHaveValue('Zenith Bank');
    expect(bank).toHaveAttribute('aria-expanded', 'false');
    // Escape closes the list and keeps the choice.
    await user.keyboard('{ArrowDown}');
    expect(bank).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(bank).toHaveAttribute('aria-expanded', 'false');
    expect(bank).toHaveValue('Zenith Bank');
  });

  it('says when the banks could not be loaded, and tries again', async () => {
    let fail = true;
    bankTab({
      banks: () => (fail ? problem(503, 'Service unavailable') : { status: 200, body: { banks: BANKS } }),
    });
    const retry = await screen.findByRole('button', { name: /try again|retry/i }, { timeout: 15_000 });
    expect(screen.getByText('The list of banks could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('combobox', { name: /^Bank/ })).toBeInTheDocument();
  }, 30_000);
});

describe('Settings → Bank: the name the bank holds', () => {
  it('asks the bank once typing pauses, shows the name read-only with a check mark, then saves', async () => {
    const { user, resolves, updates, chooseBank, password } = bankTab();
    await chooseBank('guar', 'Guaranty Trust Bank');
    await user.type(screen.getByLabelText(/Account number/), '0123454567');
    const name = await screen.findByRole('textbox', { name: 'Account name' });
    expect(name).toHaveValue('ADA OKAFOR');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByText('Name confirmed by the bank')).toBeInTheDocument();
    // One enquiry for the whole number, not one per digit.
    expect(resolves().map((r) => Object.fromEntries(r.query))).toEqual([
      { bankCode: '058', accountNumber: '0123454567' },
    ]);

    await user.type(password(), 'password123');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    expect(
      await screen.findByText('Bank details updated successfully!', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(updates().map((r) => r.body)).toEqual([
      {
        bankDetails: {
          bankCode: '058',
          bankName: 'Guaranty Trust Bank',
          accountNum: '0123454567',
          accountName: 'ADA OKAFOR',
        },
        currentPassword: 'password123',
      },
    ]);
  });

  it('never shows the answer for a number typed over, and cancels its call', async () => {
    let answerFirst: (answer: { status: number; body: unknown }) => void = () => undefined;
    const { user, chooseBank, resolves } = bankTab({
      resolve: (request) =>
        request.query.get('accountNumber') === '0123454567'
          ? new Promise((resolve) => {
              answerFirst = resolve;
            })
          : { status: 200, body: { accountName: 'CHIDI EZE', checked: true, message: 'Account found.' } },
    });
    await chooseBank('guar', 'Guaranty Trust Bank');
    const number = screen.getByLabelText(/Account number/);
    await user.type(number, '0123454567');
    await waitFor(() => expect(resolves()).toHaveLength(1));
    await user.type(number, '{Backspace}8');
    expect(await screen.findByRole('textbox', { name: 'Account name' })).toHaveValue('CHIDI EZE');
    // The first answer arrives late: it is not shown.
    answerFirst({
      status: 200,
      body: { accountName: 'ADA OKAFOR', checked: true, message: 'Account found.' },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('CHIDI EZE');
  });

  it('lets the person type the name when the bank could not be asked, with the server’s words', async () => {
    const { user, chooseBank, updates, password } = bankTab({
      resolve: () => ({ status: 200, body: { accountName: null, checked: false, message: UNCHECKED } }),
      update: () => ({
        status: 200,
        body: {
          message: 'Bank details updated successfully!',
          profile: {
            ...dashboard(),
            bankDetails: {
              bankCode: '057',
              bankName: 'Zenith Bank',
              accountNum: '2233445566',
              accountName: 'Ada Okafor',
            },
          },
        },
      }),
    });
    await chooseBank('zen', 'Zenith Bank');
    await user.type(screen.getByLabelText(/Account number/), '2233445566');
    expect(await screen.findByText(UNCHECKED)).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Account name/ });
    expect(name).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Update Bank Details' })).toBeDisabled();
    await user.type(name, 'Ada Okafor');
    await user.type(password(), 'password123');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    await screen.findByText('Bank details updated successfully!', { selector: 'p' });
    expect(updates()[0]!.body).toEqual({
      bankDetails: {
        bankCode: '057',
        bankName: 'Zenith Bank',
        accountNum: '2233445566',
        accountName: 'Ada Okafor',
      },
      currentPassword: 'password123',
    });
  });

  it('shows a number the bank does not know at the account number, and nothing can be saved', async () => {
    const { user, chooseBank } = bankTab({ resolve: () => problem(422, NOT_FOUND) });
    await chooseBank('guar', 'Guaranty Trust Bank');
    const number = screen.getByLabelText(/Account number/);
    await user.type(number, '0000000000');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('textbox', { name: /Account name/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Bank Details' })).toBeDisabled();
  });

  it("shows the server's message when it replaced the typed name by the bank's", async () => {
    const REPLACED = 'Bank details updated. The account name is the one your bank holds: ADA N. OKAFOR.';
    const { user, chooseBank, password } = bankTab({
      update: () => ({
        status: 200,
        body: {
          message: REPLACED,
          profile: {
            ...dashboard(),
            bankDetails: {
              bankCode: '058',
              bankName: 'Guaranty Trust Bank',
              accountNum: '0123454567',
              accountName: 'ADA N. OKAFOR',
            },
          },
        },
      }),
    });
    await chooseBank('guar', 'Guaranty Trust Bank');
    await user.type(screen.getByLabelText(/Account number/), '0123454567');
    await screen.findByText('Name confirmed by the bank');
    await user.type(password(), 'password123');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    expect(await screen.findByText(REPLACED, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('ADA N. OKAFOR');
  });

  /** Picks a bank, has its name confirmed and saves. */
  async function saveBank({ user, chooseBank, password }: ReturnType<typeof bankTab>) {
    await chooseBank('guar', 'Guaranty Trust Bank');
    await user.type(screen.getByLabelText(/Account number/), '0123454567');
    await screen.findByText('Name confirmed by the bank');
    await user.type(password(), 'password123');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
  }

  it('reached from Withdraw, goes back there once saved: the same history entry, not a new one', async () => {
    const tab = bankTab({ at: '/dashboard/withdraw' });
    const { to, state } = settingsWithWayBack('bank', '/dashboard/withdraw');
    await act(() => tab.router.navigate(to, { state }));
    expect(await screen.findByText('Once they are saved, you go back to Withdraw.')).toBeInTheDocument();
    await saveBank(tab);
    await waitFor(() => expect(tab.router.state.location.pathname).toBe('/dashboard/withdraw'));
    expect(tab.router.state.historyAction).toBe('POP');
    expect(tab.updates()).toHaveLength(1);
  });

  it('opened at its address with the way back, goes to Withdraw once saved in place of Settings', async () => {
    const tab = bankTab({ at: '/dashboard/settings?tab=bank&back=/dashboard/withdraw' });
    await saveBank(tab);
    await waitFor(() => expect(tab.router.state.location.pathname).toBe('/dashboard/withdraw'));
    expect(tab.router.state.historyAction).toBe('REPLACE');
  });

  it.each(['https://evil.example/withdraw', '//evil.example', 'javascript:alert(1)', '/dashboard/other'])(
    'never follows a way back that is not one of ours (%s): it stays on Settings',
    async (back) => {
      const tab = bankTab({ at: `/dashboard/settings?tab=bank&back=${encodeURIComponent(back)}` });
      await screen.findByRole('combobox', { name: /^Bank/ });
      expect(screen.queryByText(/you go back to/)).not.toBeInTheDocument();
      await saveBank(tab);
      expect(
        await screen.findByText('Bank details updated successfully!', { selector: 'p' }),
      ).toBeInTheDocument();
      expect(tab.router.state.location.pathname).toBe('/dashboard/settings');
    },
  );

  it('shows saved details as saved, without asking the bank again', async () => {
    const saved = {
      bankCode: '',
      bankName: 'Kuda Bank',
      accountNum: '0123456789',
      accountName: 'Ada Okafor',
    };
    const { resolves } = bankTab({ saved });
    // Saved before codes existed: the bank is found by its name.
    expect(await screen.findByRole('combobox', { name: /^Bank/ })).toHaveValue('Kuda Bank');
    const name = screen.getByRole('textbox', { name: 'Account name' });
    expect(name).toHaveValue('Ada Okafor');
    expect(within(name.closest('.bp6-form-group')!).getByText(/saved with this account/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Bank Details' })).toBeDisabled();
    expect(resolves()).toHaveLength(0);
  });
});
