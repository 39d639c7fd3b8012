/**
 * The confirm step before money moves (docs/product/settled-contradictions.md#withdrawal-confirmation): who receives how
 * much, at which bank and account, the fee and when it arrives; then the transaction PIN. Someone
 * without a PIN sets one here first. A dialog on a wide screen, a sheet from the bottom on a phone
 * (a dialog too, for assistive technology: a modal, named by its title).
 */
import { Button, Callout, Classes, Dialog, FormGroup } from '@blueprintjs/core';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { WITHDRAWAL_PROCESSING } from '../../shared/constants';
import { formatNaira } from '../../shared/money';
import { useIsPhone } from '../../shared/ui/useIsPhone';
import { PinInput, SetPinForm } from '../settings/SetPinForm';
import type { WithdrawalKind } from './api';
import { endsAttempt } from './attempt-key';
import type { BankDetails } from './bank-details';
import { WITHDRAW_FAILED } from './messages';
import { pinRefusalOf } from './pin';
import type { SendOutcome } from './WithdrawForm';

export const PIN_NEEDED = 'Enter your 4-digit transaction PIN.';

export interface ConfirmedWithdrawal {
  amount: number;
  type: WithdrawalKind;
}

type Step = 'review' | 'set-pin' | 'pin' | 'locked';

const TITLES: Record<Step, string> = {
  review: 'Confirm withdrawal',
  'set-pin': 'Set your transaction PIN',
  pin: 'Enter your transaction PIN',
  locked: 'Withdrawals blocked',
};

/** The amount that reaches the bank: the amount less the fee, counted in kobo. */
export function amountToReceive(amount: number, fee: number): number {
  return (Math.round(amount * 100) - Math.round(fee * 100)) / 100;
}

/** '0131234567' -> '••4567'. */
export function lastFourMasked(accountNum: string): string {
  return `••${accountNum.replace(/\s/g, '').slice(-4)}`;
}

/** "Send ₦2,000.00 to ADA OKAFOR · GTBank ••4567 · fee ₦0.00 · arrives within 24-48 hours" */
export function confirmationSentence(
  request: ConfirmedWithdrawal,
  bank: BankDetails,
  fee: number,
  processing = WITHDRAWAL_PROCESSING,
): string {
  return (
    `Send ${formatNaira(amountToReceive(request.amount, fee))} to ${bank.accountName} · ` +
    `${bank.bankName} ${lastFourMasked(bank.accountNum)} · fee ${formatNaira(fee)} · arrives within ${processing}`
  );
}

export function ConfirmWithdrawalSheet({
  request,
  bank,
  fee,
  hasPin,
  onCancel,
  confirm,
  onSent,
  onRefused,
}: {
  /** The checked amount to confirm; the sheet is open while there is one. */
  request: ConfirmedWithdrawal | null;
  bank: BankDetails;
  fee: number;
  hasPin: boolean;
  onCancel: () => void;
  /** Sends the withdrawal with this PIN (the form keeps its Idempotency-Key across retries). */
  confirm: (pin: string) => Promise<SendOutcome>;
  onSent: () => void;
  /** The server refused it for another reason than the PIN (the page says why). */
  onRefused: () => void;
}) {
  const phone = useIsPhone();
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>('review');
  const [shown, setShown] = useState<ConfirmedWithdrawal | null>(request);
  const [opened, setOpened] = useState(0);
  // A new request opens afresh at the review; the last one stays drawn while the sheet closes.
  if (request && request !== shown) {
    setShown(request);
    setStep('review');
    setOpened((n) => n + 1);
  }
  const isOpen = request !== null;
  const close = () => {
    if (!busy) onCancel();
  };
  const common = {
    isOpen,
    onClose: close,
    title: TITLES[step],
    icon: step === 'locked' ? ('lock' as const) : ('send-to' as const),
    canEscapeKeyClose: !busy,
    canOutsideClickClose: false,
    isCloseButtonShown: !busy,
    className: phone ? 'kobo-confirm-sheet kobo-confirm-sheet-phone' : 'kobo-confirm-sheet',
  };
  const content = shown ? (
    <SheetSteps
      key={opened}
      step={step}
      setStep={setStep}
      request={shown}
      bank={bank}
      fee={fee}
      hasPin={hasPin}
      busy={busy}
      setBusy={setBusy}
      onCancel={close}
      confirm={confirm}
      onSent={onSent}
      onRefused={onRefused}
    />
  ) : null;
  return <Dialog {...common}>{content}</Dialog>;
}

function SheetSteps({
  step,
  setStep,
  request,
  bank,
  fee,
  hasPin,
  busy,
  setBusy,
  onCancel,
  confirm,
  onSent,
  onRefused,
}: {
  step: Step;
  setStep: (step: Step) => void;
  request: ConfirmedWithdrawal;
  bank: BankDetails;
  fee: number;
  hasPin: boolean;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onCancel: () => void;
  confirm: (pin: string) => Promise<SendOutcome>;
  onSent: () => void;
  onRefused: () => void;
}) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [unsure, setUnsure] = useState<string | null>(null);
  const [locked, setLocked] = useState<string | null>(null);
  const [pinJustSet, setPinJustSet] = useState<string | null>(null);
  const busyNow = useRef(false); // Enter pressed twice lands before React re-renders
  const pinRef = useRef<HTMLInputElement>(null);
  const receive = amountToReceive(request.amount, fee);

  const body = (children: ReactNode) => (
    <div className={`${Classes.DIALOG_BODY} kobo-confirm-body`}>{children}</div>
  );
  const footer = (children: ReactNode) => (
    <div className={`${Classes.DIALOG_FOOTER} kobo-confirm-footer`}>
      <div className={Classes.DIALOG_FOOTER_ACTIONS}>{children}</div>
    </div>
  );

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busyNow.current) return;
    if (!/^\d{4}$/.test(pin)) {
      setPinError(PIN_NEEDED);
      pinRef.current?.focus();
      return;
    }
    busyNow.current = true;
    setBusy(true);
    setUnsure(null);
    let outcome: SendOutcome;
    try {
      outcome = await confirm(pin);
    } finally {
      busyNow.current = false;
      setBusy(false);
    }
    if (outcome.ok) {
      onSent();
      return;
    }
    const refusal = pinRefusalOf(outcome.error);
    if (refusal?.kind === 'locked') {
      setLocked(refusal.message);
      setStep('locked');
    } else if (refusal) {
      setPinError(refusal.message);
      setPin('');
      pinRef.current?.focus();
    } else if (endsAttempt(outcome.error)) onRefused();
    // The outcome is unknown (no answer, 5xx): the same PIN and key can be sent again safely.
    else
      setUnsure(
        `${errorText(outcome.error)} Press Withdraw again: it is sent once, however often you press it.`,
      );
  }

  if (step === 'review')
    return (
      <>
        {body(
          <>
            <p className="kobo-confirm-sentence" id={`${id}-sentence`}>
              {confirmationSentence(request, bank, fee)}
            </p>
            <dl className="kobo-confirm-details" aria-label="Withdrawal details">
              <div>
                <dt>To</dt>
                <dd className="kobo-confirm-name">{bank.accountName}</dd>
              </div>
              <div>
                <dt>Bank</dt>
                <dd>{bank.bankName}</dd>
              </div>
              <div>
                <dt>Account</dt>
                <dd>
                  <span aria-hidden="true">{lastFourMasked(bank.accountNum)}</span>
                  <span className="kobo-visually-hidden">ending in {bank.accountNum.slice(-4)}</span>
                </dd>
              </div>
              <div>
                <dt>Amount</dt>
                <dd>{formatNaira(request.amount)}</dd>
              </div>
              <div>
                <dt>Fee</dt>
                <dd>{formatNaira(fee)}</dd>
              </div>
              <div className="kobo-confirm-receive">
                <dt>You receive</dt>
                <dd>{formatNaira(receive)}</dd>
              </div>
              <div>
                <dt>Arrives</dt>
                <dd>within {WITHDRAWAL_PROCESSING}</dd>
              </div>
            </dl>
          </>,
        )}
        {footer(
          <>
            <Button text="Cancel" onClick={onCancel} />
            <Button
              intent="primary"
              text="Continue"
              rightIcon="arrow-right"
              autoFocus
              aria-describedby={`${id}-sentence`}
              onClick={() => setStep(hasPin || pinJustSet ? 'pin' : 'set-pin')}
            />
          </>,
        )}
      </>
    );

  if (step === 'set-pin')
    return (
      <>
        {body(
          <>
            <Callout intent="primary" icon="key" compact className="kobo-confirm-callout">
              Withdrawals are confirmed with a 4-digit transaction PIN. Set yours now: you will type it to
              confirm this withdrawal and every one after it.
            </Callout>
            <SetPinForm
              id={`${id}-setpin`}
              hasPin={false}
              submitText="Set PIN and continue"
              autoFocus
              onSet={(message) => {
                setPinJustSet(message);
                setStep('pin');
              }}
            />
          </>,
        )}
        {footer(<Button text="Back" icon="arrow-left" onClick={() => setStep('review')} />)}
      </>
    );

  if (step === 'locked')
    return (
      <>
        {body(
          <Callout intent="danger" icon="lock" className="kobo-confirm-callout">
            <p role="alert">{locked}</p>
          </Callout>,
        )}
        {footer(<Button intent="primary" text="Close" autoFocus onClick={onCancel} />)}
      </>
    );

  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      {body(
        <>
          {pinJustSet ? (
            <Callout intent="success" icon="tick" compact className="kobo-confirm-callout">
              {pinJustSet}
            </Callout>
          ) : null}
          <p className="kobo-confirm-sentence">
            Type your PIN to send {formatNaira(receive)} to {bank.accountName}.
          </p>
          <FormGroup
            label="Transaction PIN"
            labelFor={`${id}-pin`}
            intent={pinError ? 'danger' : 'none'}
            helperText={
              <span id={`${id}-pin-help`} role={pinError ? 'alert' : undefined}>
                {pinError ?? '4 digits'}
              </span>
            }
          >
            <PinInput
              id={`${id}-pin`}
              inputRef={pinRef}
              autoFocus
              value={pin}
              invalid={Boolean(pinError)}
              describedBy={`${id}-pin-help`}
              onChange={(value) => {
                setPin(value);
                setPinError(null);
              }}
            />
          </FormGroup>
          {unsure ? (
            <Callout intent="warning" icon="warning-sign" compact className="kobo-confirm-callout">
              <span role="alert">{unsure}</span>
            </Callout>
          ) : null}
        </>,
      )}
      {footer(
        <>
          <Button text="Back" icon="arrow-left" disabled={busy} onClick={() => setStep('review')} />
          <Button
            type="submit"
            intent="primary"
            icon="send-to"
            loading={busy}
            text={`Withdraw ${formatNaira(request.amount)}`}
          />
        </>,
      )}
    </form>
  );
}

function errorText(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : `${WITHDRAW_FAILED}.`;
}
