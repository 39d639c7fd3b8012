import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WithdrawalRequest } from './api';
import { WithdrawForm, type SendOutcome } from './WithdrawForm';

const rules = { minAccount: 2000, minActivity: 40000, fee: 0 };
const bank = { bankName: 'Zenith Bank', accountNum: '2233445566', accountName: 'Ada Okafor' };

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

function setup(kind: 'withdrawal' | 'activityWithdrawal' = 'withdrawal', balance = 15965) {
  const api = server();
  render(<WithdrawForm kind={kind} balance={balance} rules={rules} bank={bank} hasPin send={api.send} />);
  const user = userEvent.setup();
  const field = screen.getByLabelText('Amount to withdraw');
  const button = () => screen.getByRole('button', { name: /withdraw$|processing/i });
  /** Confirms the open sheet and sends with the PIN. */
  async function confirm(pin = '1234') {
    const sheet = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    await user.click(within(sheet).getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Transaction PIN'), `${pin}{Enter}`);
  }
  /** Closes the sheet left open (after an unknown outcome). */
  async function cancel() {
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }
  const sheetClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return { api, user, field, button, confirm, cancel, sheetClosed };
}

const offline: SendOutcome = { ok: false, error: { status: 'FETCH_ERROR', error: 'Failed to fetch' } };

describe('the withdrawal form', () => {
  it('keeps the button disabled while the field is empty', async () => {
    const { user, field, button } = setup();
    expect(button()).toBeDisabled();
    await user.type(field, '2000');
    expect(button()).toBeEnabled();
    await user.clear(field);
    expect(button()).toBeDisabled();
  });

  it('shows the exact messages and sends nothing below the minimum or above the balance', async () => {
    const { api, user, field, button } = setup();
    await user.type(field, '1999');
    await user.click(button());
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum withdrawal amount is ₦2,000');
    await user.clear(field);
    await user.type(field, '20000');
    await user.click(button());
    expect(screen.getByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(api.calls).toEqual([]);
  });

  it('uses the activity minimum and message on the activity tab', async () => {
    const { api, user, field, button } = setup('activityWithdrawal', 50000);
    await user.type(field, '39999');
    await user.click(button());
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum withdrawal amount is ₦40,000');
    await user.clear(field);
    await user.type(field, '60000');
    await user.click(button());
    expect(screen.getByRole('alert')).toHaveTextContent('Insufficient activity balance');
    expect(api.calls).toEqual([]);
  });

  it('a double click opens one confirm sheet and sends nothing until it is confirmed', async () => {
    const { api, user, field, button, confirm, sheetClosed } = setup();
    await user.type(field, '2000');
    await user.dblClick(button());
    expect(await screen.findAllByRole('dialog')).toHaveLength(1);
    expect(api.calls).toHaveLength(0);
    await confirm();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.request).toEqual({ amount: 2000, type: 'withdrawal', pin: '1234' });
    expect(button()).toHaveTextContent('Processing...');
    expect(button()).toBeDisabled();
    api.answer({ ok: true });
    await sheetClosed();
    expect(await screen.findByRole('button', { name: /withdraw$/i })).toBeInTheDocument();
  });

  it('a retry after a lost answer sends the same key; a new amount gets a new key', async () => {
    const { api, user, field, button, confirm, cancel } = setup();
    await user.type(field, '2000');
    await user.click(button());
    await confirm();
    api.answer(offline);
    await screen.findByText(/however often you press it/);
    await cancel();
    await user.click(button());
    await confirm();
    expect(api.calls[1]!.key).toBe(api.calls[0]!.key);
    api.answer(offline);
    await screen.findByText(/however often you press it/);
    await cancel();
    await user.clear(field);
    await user.type(field, '2500');
    await user.click(button());
    await confirm();
    expect(api.calls[2]!.key).not.toBe(api.calls[0]!.key);
  });

  it('after success the field clears and the same amount again is a new withdrawal', async () => {
    const { api, user, field, button, confirm, sheetClosed } = setup();
    await user.type(field, '2000');
    await user.click(button());
    await confirm();
    api.answer({ ok: true });
    await sheetClosed();
    expect(field).toHaveValue('');
    await user.type(field, '2000');
    await user.click(button());
    await confirm();
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]!.key).not.toBe(api.calls[0]!.key);
  });

  it('after a refusal from the server, trying again is a new attempt', async () => {
    const { api, user, button, confirm, field, sheetClosed } = setup();
    await user.type(field, '2000');
    await user.click(button());
    await confirm();
    api.answer({ ok: false, error: { status: 422, data: { message: 'Insufficient balance' } } });
    await sheetClosed();
    await user.click(button());
    await confirm();
    expect(api.calls[1]!.key).not.toBe(api.calls[0]!.key);
  });
});
