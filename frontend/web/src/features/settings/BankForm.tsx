import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import type { Dashboard } from '../../shared/api/account';
import { BANKS } from '../../shared/constants';
import { useToast } from '../../shared/toast/toast';
import { useUpdateProfileMutation } from './api';
import { CurrentPasswordField } from './CurrentPasswordField';
import { FormAlert, refusedFields } from './FormAlert';
import {
  BANK_FIELDS,
  SETTINGS_MESSAGES,
  accountNumberInput,
  bankDetailsChanged,
  validateBankDetails,
  type BankValues,
  type Refusal,
} from './validation';

/** The bank account withdrawals are paid to. */
export function BankForm({ bankDetails }: { bankDetails: Dashboard['bankDetails'] }) {
  const saved: BankValues = bankDetails;
  const [values, setValues] = useState<BankValues>(saved);
  const [refusal, setRefusal] = useState<Refusal<keyof BankValues> | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const toast = useToast();
  const changed = bankDetailsChanged(saved, values);
  const firstTime = BANK_FIELDS.every((field) => !saved[field]);

  function edit(field: keyof BankValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (refusal?.fields.includes(field)) setRefusal(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateBankDetails(values);
    setRefusal(invalid);
    if (invalid || !changed) return;
    // Setting or changing bank details needs the current password (decisions.md "Sensitive changes").
    if (!currentPassword) {
      setPasswordError(SETTINGS_MESSAGES.currentPasswordForChange);
      return;
    }
    const bank = {
      bankName: values.bankName,
      accountNum: values.accountNum.trim(),
      accountName: values.accountName.trim(),
    };
    const answer = await updateProfile({ bankDetails: bank, currentPassword });
    if ('error' in answer) {
      const errors = fieldErrors(answer.error);
      const message = errorMessage(answer.error, SETTINGS_MESSAGES.bankFailed);
      if (errors.currentPassword) setPasswordError(errors.currentPassword);
      else setRefusal({ message, fields: refusedFields(errors, BANK_FIELDS) });
      toast.error(message, { title: SETTINGS_MESSAGES.bankFailed });
      return;
    }
    setValues(answer.data.profile.bankDetails);
    setCurrentPassword('');
    setPasswordError(null);
    toast.success(SETTINGS_MESSAGES.bankUpdated);
  }

  const invalid = (field: keyof BankValues) => refusal?.fields.includes(field) ?? false;
  return (
    <form className="kobo-settings-form" onSubmit={submit} noValidate aria-describedby="bank-alert">
      {firstTime ? (
        <Callout intent="primary" icon="info-sign" compact className="kobo-settings-wide">
          Add the bank account your withdrawals should be paid to. The account name should match the name on
          your bank account.
        </Callout>
      ) : null}
      <div className="kobo-settings-fields">
        <FormGroup
          label="Bank"
          labelFor="settings-bankName"
          labelInfo="(required)"
          className="kobo-settings-wide"
        >
          <HTMLSelect
            id="settings-bankName"
            name="bankName"
            fill
            value={values.bankName}
            aria-invalid={invalid('bankName')}
            onChange={(event) => edit('bankName', event.target.value)}
          >
            <option value="">Choose your bank</option>
            {BANKS.map((bank) => (
              <option key={bank} value={bank}>
                {bank}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label="Account number"
          labelFor="settings-accountNum"
          labelInfo="(required)"
          helperText="10 digits (NUBAN)"
        >
          <InputGroup
            id="settings-accountNum"
            name="accountNum"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            value={values.accountNum}
            intent={invalid('accountNum') ? 'danger' : 'none'}
            aria-invalid={invalid('accountNum')}
            className="kobo-settings-digits"
            onChange={(event) => edit('accountNum', accountNumberInput(event.target.value))}
          />
        </FormGroup>
        <FormGroup label="Account name" labelFor="settings-accountName" labelInfo="(required)">
          <InputGroup
            id="settings-accountName"
            name="accountName"
            autoComplete="name"
            value={values.accountName}
            intent={invalid('accountName') ? 'danger' : 'none'}
            aria-invalid={invalid('accountName')}
            onChange={(event) => edit('accountName', event.target.value)}
          />
        </FormGroup>
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
      <div className="kobo-settings-actions">
        <Button
          type="button"
          variant="minimal"
          text="Discard changes"
          disabled={!changed || isLoading}
          onClick={() => {
            setValues(saved);
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
          disabled={!changed}
        />
      </div>
    </form>
  );
}
