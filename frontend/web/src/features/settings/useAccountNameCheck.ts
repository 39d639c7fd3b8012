/**
 * The name enquiry behind the bank form: once a bank is chosen and 10 digits are typed, and typing
 * has paused (NAME_CHECK_PAUSE_MS), it asks the server whose account this is. A call made stale by
 * more typing is cancelled and its answer never shown.
 */
import { useEffect, useState } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { useLazyResolveAccountNameQuery } from './api';
import { SETTINGS_MESSAGES } from './validation';

export const NAME_CHECK_PAUSE_MS = 400;

export type AccountNameCheck =
  /** Not asked: no bank or not 10 digits yet. */
  | { state: 'idle' }
  | { state: 'checking' }
  /** The bank holds this name for the account. */
  | { state: 'confirmed'; accountName: string; message: string }
  /** The name could not be checked (no payout provider): the person types it; `message` says so. */
  | { state: 'unchecked'; message: string }
  /** The server refused the number or the bank (422, 400): `message` belongs on `field`. */
  | { state: 'refused'; message: string; field: 'bankCode' | 'accountNum' }
  /** No answer (network, 5xx) or too many enquiries (429): `retry` asks again. */
  | { state: 'failed'; message: string };

export function useAccountNameCheck(
  bankCode: string,
  accountNumber: string,
  enabled: boolean,
): AccountNameCheck & { retry: () => void } {
  const [check, setCheck] = useState<AccountNameCheck>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const [resolve] = useLazyResolveAccountNameQuery();
  const ready = enabled && bankCode !== '' && /^\d{10}$/.test(accountNumber);

  useEffect(() => {
    if (!ready) {
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'checking' });
    let current = true;
    let call: ReturnType<typeof resolve> | undefined;
    const timer = setTimeout(() => {
      // A retry asks the server again; otherwise an answer already had for this account is reused.
      call = resolve({ bankCode, accountNumber }, attempt === 0);
      call.unwrap().then(
        (answer) => {
          if (!current) return;
          if (answer.checked && answer.accountName)
            setCheck({ state: 'confirmed', accountName: answer.accountName, message: answer.message });
          else setCheck({ state: 'unchecked', message: answer.message });
        },
        (error: unknown) => {
          if (!current) return;
          setCheck(refusalOf(error));
        },
      );
    }, NAME_CHECK_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      call?.abort();
    };
  }, [ready, bankCode, accountNumber, attempt, resolve]);

  return { ...check, retry: () => setAttempt((n) => n + 1) };
}

function refusalOf(error: unknown): AccountNameCheck {
  const status = (error as { status?: unknown } | undefined)?.status;
  const message = errorMessage(error, SETTINGS_MESSAGES.nameCheckFailed);
  if (status === 422) return { state: 'refused', message, field: 'accountNum' };
  if (status === 400) {
    const errors = fieldErrors(error);
    if (errors.bankCode) return { state: 'refused', message: errors.bankCode, field: 'bankCode' };
    return { state: 'refused', message: errors.accountNumber ?? message, field: 'accountNum' };
  }
  return { state: 'failed', message };
}
