import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import type { Dashboard } from '../../shared/api/account';
import { useToast } from '../../shared/toast/toast';
import { useUpdateProfileMutation } from './api';
import { CurrentPasswordField } from './CurrentPasswordField';
import { FormAlert, refusedFields } from './FormAlert';
import {
  PROFILE_FIELDS,
  SETTINGS_MESSAGES,
  emailChanged,
  profileChanges,
  validateProfile,
  type ProfileValues,
  type Refusal,
} from './validation';

type Profile = Pick<Dashboard, 'username' | 'firstName' | 'lastName' | 'phone' | 'email'>;

function valuesOf(profile: Profile): ProfileValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    email: profile.email,
  };
}

const LABELS: Record<keyof ProfileValues, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone number',
  email: 'Email address',
};

const INPUT: Record<
  keyof ProfileValues,
  { type: string; autoComplete: string; inputMode?: 'tel' | 'email' }
> = {
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
};

/** First and last name, phone and email; only the changed fields are sent. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const saved = valuesOf(profile);
  const [values, setValues] = useState<ProfileValues>(saved);
  const [refusal, setRefusal] = useState<Refusal<keyof ProfileValues> | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const toast = useToast();
  const changes = profileChanges(saved, values);
  const changed = Object.keys(changes).length > 0;
  const needsPassword = emailChanged(saved, values);

  function edit(field: keyof ProfileValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (refusal?.fields.includes(field)) setRefusal(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateProfile(values);
    setRefusal(invalid);
    if (invalid || !changed) return;
    // A new sign-in email needs the current password (docs/product/settled-contradictions.md#sensitive-changes).
    if (needsPassword && !currentPassword) {
      setPasswordError(SETTINGS_MESSAGES.currentPasswordForChange);
      return;
    }
    const answer = await updateProfile(needsPassword ? { ...changes, currentPassword } : changes);
    if ('error' in answer) {
      const errors = fieldErrors(answer.error);
      const message = errorMessage(answer.error, SETTINGS_MESSAGES.profileFailed);
      if (errors.currentPassword) setPasswordError(errors.currentPassword);
      else setRefusal({ message, fields: refusedFields(errors, PROFILE_FIELDS) });
      toast.error(message, { title: SETTINGS_MESSAGES.profileFailedTitle });
      return;
    }
    setValues(valuesOf(answer.data.profile));
    setCurrentPassword('');
    setPasswordError(null);
    toast.success(SETTINGS_MESSAGES.profileUpdated);
  }

  return (
    <form className="kobo-settings-form" onSubmit={submit} noValidate aria-describedby="profile-alert">
      <FormGroup
        label="Username"
        labelFor="settings-username"
        helperText="Your username cannot be changed."
        className="kobo-settings-wide"
      >
        <InputGroup id="settings-username" value={profile.username} readOnly leftIcon="user" />
      </FormGroup>
      <div className="kobo-settings-fields">
        {PROFILE_FIELDS.map((field) => {
          const invalid = refusal?.fields.includes(field) ?? false;
          return (
            <FormGroup
              key={field}
              label={LABELS[field]}
              labelFor={`settings-${field}`}
              labelInfo="(required)"
            >
              <InputGroup
                id={`settings-${field}`}
                name={field}
                {...INPUT[field]}
                value={values[field]}
                required
                intent={invalid ? 'danger' : 'none'}
                aria-invalid={invalid}
                onChange={(event) => edit(field, event.target.value)}
              />
            </FormGroup>
          );
        })}
      </div>
      {needsPassword ? (
        <CurrentPasswordField
          id="settings-profile-currentPassword"
          value={currentPassword}
          error={passwordError}
          hint="Enter your current password to change your sign-in email."
          onChange={(value) => {
            setCurrentPassword(value);
            setPasswordError(null);
          }}
        />
      ) : null}
      <FormAlert id="profile-alert" message={refusal?.message ?? null} />
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
          icon="floppy-disk"
          text="Update Profile"
          loading={isLoading}
          disabled={!changed}
        />
      </div>
    </form>
  );
}
