import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent, type Ref } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { useSetPinMutation } from './api';
import './settings.css';
import { CurrentPasswordField } from './CurrentPasswordField';
import { FormAlert } from './FormAlert';
import { SETTINGS_MESSAGES, pinInput, validatePinChange, type PinValues, type Refusal } from './validation';

const EMPTY: PinValues = { pin: '', confirmPin: '', currentPassword: '' };

/** A masked 4-digit field that brings up the number pad on a phone. */
export function PinInput({
  id,
  value,
  invalid,
  describedBy,
  autoFocus,
  inputRef,
  onChange,
}: {
  id: string;
  value: string;
  invalid: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  return (
    <InputGroup
      id={id}
      inputRef={inputRef}
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      maxLength={4}
      size="large"
      className="kobo-pin-input"
      value={value}
      intent={invalid ? 'danger' : 'none'}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      autoFocus={autoFocus}
      onChange={(event) => onChange(pinInput(event.target.value))}
    />
  );
}

/**
 * Sets or changes the transaction PIN (PUT /api/users/pin): the PIN twice and the current password.
 * Used in Settings → Security and, for someone without a PIN, in the withdrawal's confirm sheet.
 */
export function SetPinForm({
  id,
  hasPin,
  submitText,
  autoFocus = false,
  onSet,
}: {
  id: string;
  hasPin: boolean;
  submitText: string;
  autoFocus?: boolean;
  /** After the server set it, with its message. */
  onSet: (message: string) => void;
}) {
  const [values, setValues] = useState<PinValues>(EMPTY);
  const [refusal, setRefusal] = useState<Refusal<keyof PinValues> | null>(null);
  const [setPin, { isLoading }] = useSetPinMutation();

  function edit(field: keyof PinValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (refusal?.fields.includes(field)) setRefusal(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The sheet's own form must not be sent with this one.
    event.stopPropagation();
    if (isLoading) return;
    const invalid = validatePinChange(values);
    setRefusal(invalid);
    if (invalid) return;
    const answer = await setPin({ pin: values.pin, currentPassword: values.currentPassword });
    if ('error' in answer) {
      const errors = fieldErrors(answer.error);
      const fields = (['pin', 'currentPassword'] as const).filter((field) => field in errors);
      const message =
        errors.currentPassword ?? errors.pin ?? errorMessage(answer.error, SETTINGS_MESSAGES.pinFailed);
      setRefusal({ message, fields });
      return;
    }
    setValues(EMPTY);
    onSet(answer.data.message);
  }

  const errorOf = (field: keyof PinValues) => (refusal?.fields.includes(field) ? refusal.message : null);
  return (
    <form className="kobo-settings-form" onSubmit={submit} noValidate aria-describedby={`${id}-alert`}>
      <div className="kobo-settings-fields kobo-pin-fields">
        <FormGroup
          label={hasPin ? 'New PIN' : 'PIN'}
          labelFor={`${id}-pin`}
          helperText={<span id={`${id}-pin-help`}>{errorOf('pin') ?? '4 digits'}</span>}
          intent={errorOf('pin') ? 'danger' : 'none'}
        >
          <PinInput
            id={`${id}-pin`}
            value={values.pin}
            invalid={Boolean(errorOf('pin'))}
            describedBy={`${id}-pin-help`}
            autoFocus={autoFocus}
            onChange={(value) => edit('pin', value)}
          />
        </FormGroup>
        <FormGroup
          label={hasPin ? 'Confirm new PIN' : 'Confirm PIN'}
          labelFor={`${id}-confirmPin`}
          helperText={
            errorOf('confirmPin') ? (
              <span id={`${id}-confirmPin-help`}>{errorOf('confirmPin')}</span>
            ) : undefined
          }
          intent={errorOf('confirmPin') ? 'danger' : 'none'}
        >
          <PinInput
            id={`${id}-confirmPin`}
            value={values.confirmPin}
            invalid={Boolean(errorOf('confirmPin'))}
            describedBy={errorOf('confirmPin') ? `${id}-confirmPin-help` : undefined}
            onChange={(value) => edit('confirmPin', value)}
          />
        </FormGroup>
        <CurrentPasswordField
          id={`${id}-currentPassword`}
          value={values.currentPassword}
          error={errorOf('currentPassword')}
          hint={`Enter your current password to ${hasPin ? 'change' : 'set'} your PIN.`}
          onChange={(value) => edit('currentPassword', value)}
        />
      </div>
      <FormAlert
        id={`${id}-alert`}
        message={refusal && refusal.fields.length === 0 ? refusal.message : null}
      />
      <div className="kobo-settings-actions">
        <Button type="submit" intent="primary" icon="key" text={submitText} loading={isLoading} />
      </div>
    </form>
  );
}
