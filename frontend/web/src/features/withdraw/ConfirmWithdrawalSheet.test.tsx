import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WithdrawalRequest } from './api';
import { WithdrawForm, type SendOutcome } from './WithdrawForm';

const bank = { bankName: 'GTBank', accountNum: '0123454567', accountName: 'ADA OKAFOR' };
const LOCKED = 'Too many wrong PINs. Withdrawals are blocked until 14:35.';

/** A stand-in for the server: records what was sent and answers when the test says so. */
function server() {
  const calls: { request: WithdrawalRequest; key: string }[] = [];
  let answer: (outcome: SendOutcome) => void = () => undefined;
  const send = (request: WithdrawalRequest, key: string) => {
    calls.push({ request, key });
    return new Promise<SendOutcome>((resolve) => {
      answer = resolve;
    });
  };
  return { calls, send, answer: (outcome: SendOutcome) => answer(outcome) };
}

const wrongPin = (left: number): SendOutcome => ({
  ok: false,
  error: {
    status: 400,
    data: {
      status: 400,
      message: `Wrong PIN. ${left} tries left.`,
      errors: { pin: `Wrong PIN. ${left} tries left.` },
    },
  },
});
const locked: SendOutcome = {
  ok: false,
  error: { status: 403, data: { status: 403, code: 'pin_locked', message: LOCKED } },
};
const offline: SendOutcome = { ok: false, error: { status: 'FETCH_ERROR', error: 'Failed to fetch' } };

function setup(fee = 0) {
  const api = server();
  render(
    <WithdrawForm
      kind="withdrawal"
      balance={15965}
      rules={{ minAccount: 2000, minActivity: 40000, fee }}
      bank={bank}
      hasPin
      send={api.send}
    />,
  );
  const user = userEvent.setup();
  /** Types the amount and presses Withdraw: the confirm sheet opens. */
  async function withdraw(amount: string) {
    await user.type(screen.getByLabelText('Amount to withdraw'), amount);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    return screen.findByRole('dialog', { name: 'Confirm withdrawal' });
  }
  async function typePin(pin: string) {
    const field = await screen.findByLabelText('Transaction PIN');
    await user.type(field, `${pin}{Enter}`);
    return field;
  }
  return { api, user, withdraw, typePin };
}

describe('the confirm sheet', () => {
  it('says who gets how much, where, the fee and when, before anything is sent', async () => {
    const { api, withdraw } = setup();
    const sheet = await withdraw('2000');
    expect(
      within(sheet).getByText(
        'Send ₦2,000.00 to ADA OKAFOR · GTBank ••4567 · fee ₦0.00 · arrives within 24-48 hours',
      ),
    ).toBeInTheDocument();
    // Only the last 4 digits of the account number show.
    expect(sheet).not.toHaveTextContent('0123454567');
    expect(api.calls).toEqual([]);
    // The question's main button has the focus.
    expect(within(sheet).getByRole('button', { name: 'Continue' })).toHaveFocus();
  });

  it('shows the amount to receive as the amount less the fee', async () => {
    const { withdraw } = setup(100);
    const sheet = await withdraw('2000');
    expect(sheet).toHaveTextContent(
      'Send ₦1,900.00 to ADA OKAFOR · GTBank ••4567 · fee ₦100.00 · arrives within 24-48 hours',
    );
    expect(within(sheet).getByText('You receive').nextSibling).toHaveTextContent('₦1,900.00');
  });

  it('Cancel and Escape close it without sending; the amount stays', async () => {
    const { api, user, withdraw } = setup();
    const sheet = await withdraw('2000');
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Amount to withdraw')).toHaveValue('2000');

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([]);
  });

  it('does not open for an amount the form refuses', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Amount to withdraw'), '1999');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum withdrawal amount is ₦2,000');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the PIN step', () => {
  it('asks for 4 digits in a masked number field; Enter sends the PIN with the withdrawal', async () => {
    const { api, user, withdraw, typePin } = setup();
    const sheet = await withdraw('2000');
    await user.click(within(sheet).getByRole('button', { name: 'Continue' }));
    const field = await screen.findByLabelText('Transaction PIN');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'off');

    await typePin('12a3');
    expect(await screen.findByText('Enter your 4-digit transaction PIN.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.type(field, '4{Enter}');
    expect(api.calls.map((call) => call.request)).toEqual([
      { amount: 2000, type: 'withdrawal', pin: '1234' },
    ]);
    api.answer({ ok: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Amount to withdraw')).toHaveValue('');
  });

  it("shows a wrong PIN's message with the tries left, then a right PIN goes through", async () => {
    const { api, user, withdraw, typePin } = setup();
    await user.click(within(await withdraw('2000')).getByRole('button', { name: 'Continue' }));
    const field = await typePin('1111');
    api.answer(wrongPin(4));
    expect(await screen.findByText('Wrong PIN. 4 tries left.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await typePin('1234');
    expect(api.calls.map((call) => call.request.pin)).toEqual(['1111', '1234']);
    // The refusal was final: the corrected try is a new attempt with a key of its own.
    expect(api.calls[1]!.key).not.toBe(api.calls[0]!.key);
    api.answer({ ok: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('after too many wrong PINs, closes the PIN step with the time withdrawals open again', async () => {
    const { api, user, withdraw, typePin } = setup();
    await user.click(within(await withdraw('2000')).getByRole('button', { name: 'Continue' }));
    await typePin('9999');
    api.answer(locked);
    const sheet = await screen.findByRole('dialog', { name: 'Withdrawals blocked' });
    expect(within(sheet).getByRole('alert')).toHaveTextContent(LOCKED);
    expect(within(sheet).queryByLabelText('Transaction PIN')).not.toBeInTheDocument();
    // The footer's Close (the title bar has its own).
    await user.click(within(sheet).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when the answer is lost, sending again reuses the same key, and pressing twice sends once', async () => {
    const { api, user, withdraw, typePin } = setup();
    await user.click(within(await withdraw('2000')).getByRole('button', { name: 'Continue' }));
    await typePin('1234');
    await user.keyboard('{Enter}'); // while the first is on its way
    expect(api.calls).toHaveLength(1);
    api.answer(offline);
    expect(await screen.findByText(/it is sent once, however often you press it/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw ₦2,000.00' }));
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]!.key).toBe(api.calls[0]!.key);
    expect(api.calls[1]!.request.pin).toBe('1234');
  });

  it('a refusal that is not about the PIN closes the sheet (the page says why)', async () => {
    const { api, user, withdraw, typePin } = setup();
    await user.click(within(await withdraw('2000')).getByRole('button', { name: 'Continue' }));
    await typePin('1234');
    api.answer({ ok: false, error: { status: 422, data: { message: 'Insufficient balance' } } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Amount to withdraw')).toHaveValue('2000');
  });
});
