import { Button, Callout, FormGroup, Icon, InputGroup, Spinner } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import type { Dashboard } from '../../shared/api/account';
import { useToast } from '../../shared/toast/toast';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { useGetBanksQuery, useUpdateProfileMutation, type Bank } from './api';
import { BankPicker } from './BankPicker';
import { CurrentPasswordField } from './CurrentPasswordField';
import { FormAlert } from './FormAlert';
import { useAccountNameCheck } from './useAccountNameCheck';
import type { WayBack } from './way-back';
import {
  SETTINGS_MESSAGES,
  accountNumberInput,
  bankDetailsChanged,
  bankFieldOf,
  validateBankDetails,
  type BankField,
  type BankValues,
  type Refusal,
} from './validation';

/** The bank account withdrawals are paid to: the bank from the server's list, then the form. */
export function BankForm({
  bankDetails,
  back = null,
}: {
  bankDetails: Dashboard['bankDetails'];
  back?: WayBack | null;
}) {
  const banks = useGetBanksQuery();
  if (banks.isLoading) return <LoadingState label="Loading the banks..." />;
  if (!banks.data)
    return (
      <ErrorState
        title={SETTINGS_MESSAGES.banksFailed}
        message={errorMessage(banks.error, 'Please check your connection and try again.')}
        onRetry={() => void banks.refetch()}
      />
    );
  return <BankDetailsForm banks={banks.data} bankDetails={bankDetails} back={back} />;
}

/** The saved details with their bank's code (details saved before codes existed carry only a name). */
function savedValues(details: Dashboard['bankDetails'], banks: readonly Bank[]): BankValues {
  const bankCode = details.bankCode || (banks.find((bank) => bank.name === details.bankName)?.code ?? '');
  return { ...details, bankCode };
}

function BankDetailsForm({
  banks,
  bankDetails,
  back,
}: {
  banks: readonly Bank[];
  bankDetails: Dashboard['bankDetails'];
  back: WayBack | null;
}) {
  const [saved, setSaved] = useState<BankValues>(() => savedValues(bankDetails, banks));
  const [bank, setBank] = useState({ code: saved.bankCode, name: saved.bankName });
  const [accountNum, setAccountNum] = useState(saved.accountNum);
  const [typedName, setTypedName] = useState('');
  // The saved account's name is shown as saved until the person asks the bank again.
  const [recheck, setRecheck] = useState(false);
  const [refusal, setRefusal] = useState<Refusal<BankField> | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const toast = useToast();
  const navigate = useNavigate();

  const savedAccount =
    saved.accountNum !== '' && bank.code === saved.bankCode && accountNum === saved.accountNum;
  const showSaved = savedAccount && !recheck;
  const check = useAccountNameCheck(bank.code, accountNum, !showSaved);
  const accountName = showSaved
    ? saved.accountName
    : check.state === 'confirmed'
      ? check.accountName
      : check.state === 'unchecked'
        ? typedName
        : '';
  const values: BankValues = { bankCode: bank.code, bankName: bank.name, accountNum, accountName };
  const changed = bankDetailsChanged(saved, values);
  const firstTime = !saved.bankName && !saved.accountNum && !saved.accountName;
  const nameKnown =
    showSaved || check.state === 'confirmed' || (check.state === 'unchecked' && typedName.trim() !== '');

  function edited(field: BankField) {
    if (refusal?.fields.includes(field)) setRefusal(null);
    setDone(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!nameKnown) return;
    const invalid = validateBankDetails(values, banks);
    setRefusal(invalid);
    if (invalid || !changed) return;
    // Setting or changing bank details needs the current password (docs/product/settled-contradictions.md#sensitive-changes).
    if (!currentPassword) {
      setPasswordError(SETTINGS_MESSAGES.currentPasswordForChange);
      return;
    }
    const answer = await updateProfile({
      bankDetails: {
        bankCode: values.bankCode,
        bankName: values.bankName,
        accountNum: values.accountNum,
        accountName: values.accountName.trim(),
      },
      currentPassword,
    });
    if ('error' in answer) {
      const errors = fieldErrors(answer.error);
      const message = errorMessage(answer.error, SETTINGS_MESSAGES.bankFailed);
      if (errors.currentPassword) setPasswordError(errors.currentPassword);
      else {
        const fields = Object.keys(errors)
          .map(bankFieldOf)
          .filter((field): field is BankField => field !== null);
        setRefusal({ message, fields });
      }
      toast.error(message, { title: SETTINGS_MESSAGES.bankFailed });
      return;
    }
    // The stored details: with a payout provider the name is the bank's, whatever was typed.
    const stored = savedValues(answer.data.profile.bankDetails, banks);
    setSaved(stored);
    setBank({ code: stored.bankCode, name: stored.bankName });
    setAccountNum(stored.accountNum);
    setTypedName('');
    setRecheck(false);
    setCurrentPassword('');
    setPasswordError(null);
    toast.success(answer.data.message || SETTINGS_MESSAGES.bankUpdated);
    // Sent here from Withdraw: saved, so back there (the toast says it was saved).
    if (back) {
      if (back.inHistory) void navigate(-1);
      else void navigate(back.to, { replace: true });
      return;
    }
    setDone(answer.data.message);
  }

  const refused = (field: BankField) =>
    refusal?.fields.includes(field)
      ? refusal.message
      : check.state === 'refused' && check.field === field
        ? check.message
        : null;
  const bankError = refused('bankCode');
  const numberError = refused('accountNum');
  const nameError = refused('accountName');

  return (
    <form className="kobo-settings-form" onSubmit={submit} noValidate aria-describedby="bank-alert">
      {firstTime ? (
        <Callout intent="primary" icon="info-sign" compact className="kobo-settings-wide">
          Add the bank account your withdrawals should be paid to. It must be an account in your own name: the
          bank tells us the name it holds for the account.
        </Callout>
      ) : null}
      <div className="kobo-settings-fields">
        <FormGroup
          label="Bank"
          labelFor="settings-bank"
          labelInfo="(required)"
          intent={bankError ? 'danger' : 'none'}
          helperText={bankError ? <span id="settings-bank-help">{bankError}</span> : undefined}
          className="kobo-settings-wide"
        >
          <BankPicker
            id="settings-bank"
            banks={banks}
            value={bank.code}
            invalid={Boolean(bankError)}
            describedBy={bankError ? 'settings-bank-help' : undefined}
            onChange={(next) => {
              setBank({ code: next.code, name: next.name });
              edited('bankCode');
            }}
          />
        </FormGroup>
        <FormGroup
          label="Account number"
          labelFor="settings-accountNum"
          labelInfo="(required)"
          intent={numberError ? 'danger' : 'none'}
          helperText={<span id="settings-accountNum-help">{numberError ?? '10 digits (NUBAN)'}</span>}
        >
          <InputGroup
            id="settings-accountNum"
            name="accountNum"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            value={accountNum}
            intent={numberError ? 'danger' : 'none'}
            aria-invalid={Boolean(numberError)}
            aria-describedby="settings-accountNum-help"
            className="kobo-settings-digits"
            onChange={(event) => {
              setAccountNum(accountNumberInput(event.target.value));
              edited('accountNum');
            }}
          />
        </FormGroup>
        <AccountNameField
          check={check}
          showSaved={showSaved}
          savedName={saved.accountName}
          typedName={typedName}
          error={nameError}
          onType={(name) => {
            setTypedName(name);
            edited('accountName');
          }}
          onRecheck={() => setRecheck(true)}
        />
        <CurrentPasswordField
          id="settings-bank-currentPassword"
          value={currentPassword}
          error={passwordError}
          hint={
            firstTime
              ? 'Enter your current password to save your bank details.'
              : 'Enter your current password to change your bank details. For your safety, withdrawals pause for a while after a change.'
          }
          onChange={(value) => {
            setCurrentPassword(value);
            setPasswordError(null);
          }}
        />
      </div>
      <FormAlert id="bank-alert" message={refusal?.message ?? null} />
      {done ? (
        <Callout intent="success" icon="tick-circle" compact className="kobo-settings-done">
          <p>{done}</p>
        </Callout>
      ) : null}
      {back ? (
        <p className="kobo-muted kobo-settings-way-back">Once they are saved, you go back to {back.page}.</p>
      ) : null}
      <div className="kobo-settings-actions">
        <Button
          type="button"
          variant="minimal"
          text="Discard changes"
          disabled={!changed || isLoading}
          onClick={() => {
            setBank({ code: saved.bankCode, name: saved.bankName });
            setAccountNum(saved.accountNum);
            setTypedName('');
            setRecheck(false);
            setRefusal(null);
            setCurrentPassword('');
            setPasswordError(null);
          }}
        />
        <Button
          type="submit"
          intent="primary"
          icon="bank-account"
          text="Update Bank Details"
          loading={isLoading}
          disabled={!changed || !nameKnown}
        />
      </div>
    </form>
  );
}

/** The account name: the bank's (read-only), the saved one, or typed when it could not be checked. */
function AccountNameField({
  check,
  showSaved,
  savedName,
  typedName,
  error,
  onType,
  onRecheck,
}: {
  check: ReturnType<typeof useAccountNameCheck>;
  showSaved: boolean;
  savedName: string;
  typedName: string;
  error: string | null;
  onType: (name: string) => void;
  onRecheck: () => void;
}) {
  const wide = 'kobo-settings-wide';
  if (showSaved)
    return (
      <FormGroup
        label="Account name"
        labelFor="settings-accountName"
        helperText={
          <span className="kobo-bank-name-help">
            The name saved with this account.{' '}
            <Button variant="minimal" size="small" text="Check the name again" onClick={onRecheck} />
          </span>
        }
        className={wide}
      >
        <InputGroup id="settings-accountName" readOnly value={savedName} />
      </FormGroup>
    );
  if (check.state === 'confirmed')
    return (
      <FormGroup
        label="Account name"
        labelFor="settings-accountName"
        helperText={
          <span id="settings-accountName-help" className="kobo-bank-name-confirmed" role="status">
            <Icon icon="tick-circle" intent="success" aria-hidden /> {SETTINGS_MESSAGES.nameConfirmed}
          </span>
        }
        className={wide}
      >
        <InputGroup
          id="settings-accountName"
          readOnly
          value={check.accountName}
          aria-describedby="settings-accountName-help"
          className="kobo-bank-name"
          rightElement={<Icon icon="tick" intent="success" aria-hidden className="kobo-bank-name-tick" />}
        />
      </FormGroup>
    );
  if (check.state === 'unchecked')
    return (
      <FormGroup
        label="Account name"
        labelFor="settings-accountName"
        labelInfo="(required)"
        intent={error ? 'danger' : 'warning'}
        helperText={<span id="settings-accountName-help">{error ?? check.message}</span>}
        className={wide}
      >
        <InputGroup
          id="settings-accountName"
          name="accountName"
          autoComplete="name"
          value={typedName}
          intent={error ? 'danger' : 'none'}
          aria-invalid={Boolean(error)}
          aria-describedby="settings-accountName-help"
          onChange={(event) => onType(event.target.value)}
        />
      </FormGroup>
    );
  if (check.state === 'checking')
    return (
      <div className={`${wide} kobo-bank-name-status`} role="status">
        <Spinner size={16} aria-hidden /> {SETTINGS_MESSAGES.nameChecking}
      </div>
    );
  if (check.state === 'failed')
    return (
      <Callout intent="danger" icon="error" compact className={`${wide} kobo-bank-name-status`}>
        <p role="alert">{check.message}</p>
        <Button icon="refresh" text="Try again" onClick={check.retry} />
      </Callout>
    );
  // Idle, or the number was refused (said at the number).
  return (
    <p className={`${wide} kobo-muted kobo-bank-name-status`}>
      Choose your bank and type the 10-digit account number: the name the bank holds for it shows here.
    </p>
  );
}
