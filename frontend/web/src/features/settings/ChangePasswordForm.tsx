import { Button, FormGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { MIN_PASSWORD_LENGTH } from '../../shared/constants';
import { useToast } from '../../shared/toast/toast';
import { PasswordInput } from '../../shared/ui/PasswordInput';
import { useChangePasswordMutation } from './api';
import { FormAlert } from './FormAlert';
import {
  SETTINGS_MESSAGES,
  validatePasswordChange,
  type PasswordChangeValues,
  type Refusal,
} from './validation';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [refusal, setRefusal] = useState<Refusal<keyof PasswordChangeValues> | null>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const toast = useToast();

  function edit(field: keyof PasswordChangeValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (refusal?.fields.includes(field)) setRefusal(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validatePasswordChange(values);
    setRefusal(invalid);
    if (invalid) return;
    const answer = await changePassword({
      oldPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    if ('error' in answer) {
      const errors = fieldErrors(answer.error);
      const message = errorMessage(answer.error, SETTINGS_MESSAGES.passwordFailed);
      const fields: (keyof PasswordChangeValues)[] = [];
      if ('oldPassword' in errors) fields.push('currentPassword');
      if ('newPassword' in errors) fields.push('newPassword');
      setRefusal({ message, fields });
      toast.error(message, { title: 'Error' });
      return;
    }
    setValues(EMPTY);
    toast.success(SETTINGS_MESSAGES.passwordUpdated);
  }

  const field = (
    name: keyof PasswordChangeValues,
    label: string,
    autoComplete: string,
    helperText?: string,
  ) => {
    const invalid = refusal?.fields.includes(name) ?? false;
    return (
      <FormGroup label={label} labelFor={`settings-${name}`} helperText={helperText}>
        <PasswordInput
          id={`settings-${name}`}
          name={name}
          autoComplete={autoComplete}
          value={values[name]}
          intent={invalid ? 'danger' : 'none'}
          aria-invalid={invalid}
          onChange={(event) => edit(name, event.target.value)}
        />
      </FormGroup>
    );
  };

  return (
    <section className="kobo-card kobo-settings-panel" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title">Change Password</h2>
      <p className="kobo-muted">Use a strong password you don&apos;t use anywhere else.</p>
      <form className="kobo-settings-form" onSubmit={submit} noValidate aria-describedby="password-alert">
        {field('currentPassword', 'Current password', 'current-password')}
        <div className="kobo-settings-fields">
          {field('newPassword', 'New password', 'new-password', `At least ${MIN_PASSWORD_LENGTH} characters`)}
          {field('confirmPassword', 'Confirm new password', 'new-password')}
        </div>
        <FormAlert id="password-alert" message={refusal?.message ?? null} />
        <div className="kobo-settings-actions">
          <Button type="submit" intent="primary" icon="lock" text="Update Password" loading={isLoading} />
        </div>
      </form>
    </section>
  );
}
