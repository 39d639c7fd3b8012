import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { WITHDRAWAL_PROCESSING } from '../../shared/constants';
import { formatNaira, formatWholeNaira } from '../../shared/money';
import type { WithdrawalKind, WithdrawalRequest } from './api';
import { AttemptKeys, endsAttempt } from './attempt-key';
import type { BankDetails } from './bank-details';
import { ConfirmWithdrawalSheet, type ConfirmedWithdrawal } from './ConfirmWithdrawalSheet';
import { checkWithdrawalAmount, minimumFor, type WithdrawalRules } from './validation';

export type SendOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * The amount form of one balance. An amount that passes the checks is not sent at once: the confirm
 * sheet shows where it goes and asks for the transaction PIN. The form keeps one Idempotency-Key per
 * attempt (AttemptKeys), so a double press or a retry after a lost answer withdraws once.
 */
export function WithdrawForm({
  kind,
  balance,
  rules,
  bank,
  hasPin,
  send,
}: {
  kind: WithdrawalKind;
  /** What can be withdrawn now, as the server said. */
  balance: number;
  rules: WithdrawalRules;
  /** Where the money goes (shown in the confirm sheet). */
  bank: BankDetails;
  /** Whether the account has a transaction PIN (else the sheet asks for one first). */
  hasPin: boolean;
  send: (request: WithdrawalRequest, idempotencyKey: string) => Promise<SendOutcome>;
}) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<ConfirmedWithdrawal | null>(null);
  const keys = useRef(new AttemptKeys());
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const check = checkWithdrawalAmount(text, kind, balance, rules);
  const message = touched && text.trim() && !check.ok ? check.message : null;
  const minimum = minimumFor(kind, rules);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || confirming || !text.trim()) return;
    setTouched(true);
    if (!check.ok) {
      inputRef.current?.focus();
      return;
    }
    setConfirming({ amount: check.amount, type: kind });
  }

  /** Sends the confirmed withdrawal: the same attempt (a retry) keeps its key. */
  async function confirm(pin: string): Promise<SendOutcome> {
    if (!confirming) return { ok: false, error: undefined };
    const request = { amount: confirming.amount, type: confirming.type, pin };
    const key = keys.current.keyFor(request);
    setBusy(true);
    try {
      const outcome = await send(request, key);
      if (outcome.ok || endsAttempt(outcome.error)) keys.current.finish();
      return outcome;
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="kobo-withdraw-form" onSubmit={submit} noValidate>
        <FormGroup
          label="Amount to withdraw"
          labelFor={`${id}-amount`}
          intent={message ? 'danger' : 'none'}
          helperText={
            <span id={`${id}-help`} role={message ? 'alert' : undefined}>
              {message ?? `Minimum ${formatWholeNaira(minimum)}. Available ${formatNaira(balance)}.`}
            </span>
          }
        >
          <InputGroup
            id={`${id}-amount`}
            inputRef={inputRef}
            size="large"
            inputMode="decimal"
            autoComplete="off"
            placeholder={`e.g. ${minimum.toLocaleString('en-NG')}`}
            leftElement={<span className="kobo-withdraw-naira">₦</span>}
            value={text}
            intent={message ? 'danger' : 'none'}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-help`}
            disabled={busy}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setTouched(true)}
            rightElement={
              balance >= minimum ? (
                <Button
                  variant="minimal"
                  text="Max"
                  // The name starts with the visible text, so voice control users can say what they see.
                  aria-label={`Max: withdraw the whole balance, ${formatNaira(balance)}`}
                  disabled={busy}
                  onClick={() => {
                    setText(balance.toFixed(2));
                    setTouched(true);
                  }}
                />
              ) : undefined
            }
          />
        </FormGroup>

        <dl className="kobo-withdraw-terms">
          <div>
            <dt>Minimum</dt>
            <dd>{formatWholeNaira(minimum)}</dd>
          </div>
          <div>
            <dt>Fee</dt>
            <dd>{rules.fee > 0 ? formatNaira(rules.fee) : 'No fees'}</dd>
          </div>
          <div>
            <dt>Processing time</dt>
            <dd>{WITHDRAWAL_PROCESSING}</dd>
          </div>
        </dl>

        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          icon={busy ? undefined : 'send-to'}
          text={busy ? 'Processing...' : 'Withdraw'}
          disabled={!text.trim() || busy}
        />
      </form>
      <ConfirmWithdrawalSheet
        request={confirming}
        bank={bank}
        fee={rules.fee}
        hasPin={hasPin}
        confirm={confirm}
        onCancel={() => setConfirming(null)}
        onRefused={() => setConfirming(null)}
        onSent={() => {
          setConfirming(null);
          setText('');
          setTouched(false);
        }}
      />
    </>
  );
}
