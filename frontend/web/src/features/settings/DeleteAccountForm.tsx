import { Alert, Button, Checkbox, FormGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { endSession, errorMessage } from '../../shared/api/api';
import { leaving, stayed } from '../../shared/session/session';
import { WELCOME_POPUP_FLAG } from '../../shared/constants';
import { useToast } from '../../shared/toast/toast';
import { PasswordInput } from '../../shared/ui/PasswordInput';
import { useDeleteAccountMutation } from './api';
import { FormAlert } from './FormAlert';
import {
  SETTINGS_MESSAGES,
  validateAccountDeletion,
  type AccountDeletionValues,
  type Refusal,
} from './validation';

/** The danger zone: deleting the account for good, after the password and two confirmations. */
export function DeleteAccountForm() {
  const [values, setValues] = useState<AccountDeletionValues>({ password: '', confirmed: false });
  const [refusal, setRefusal] = useState<Refusal<keyof AccountDeletionValues> | null>(null);
  const [asking, setAsking] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const toast = useToast();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateAccountDeletion(values);
    setRefusal(invalid);
    if (!invalid) setAsking(true);
  }

  async function confirmDeletion() {
    // A 401 from another call while the account goes is this deletion's doing, not an expiry.
    dispatch(leaving());
    const answer = await deleteAccount({ password: values.password });
    setAsking(false);
    if ('error' in answer) {
      dispatch(stayed());
      const message = errorMessage(answer.error, SETTINGS_MESSAGES.deleteFailed);
      setRefusal({ message, fields: message === 'Password is incorrect' ? ['password'] : [] });
      toast.error(message, { title: SETTINGS_MESSAGES.deleteFailedTitle });
      return;
    }
    toast.success(SETTINGS_MESSAGES.accountDeleted);
    localStorage.removeItem(WELCOME_POPUP_FLAG);
    endSession(dispatch, 'left');
    await navigate('/', { replace: true });
    window.scrollTo(0, 0);
  }

  const invalid = (field: keyof AccountDeletionValues) => refusal?.fields.includes(field) ?? false;
  return (
    <section
      className="kobo-card kobo-settings-panel kobo-settings-danger"
      aria-labelledby="settings-delete-title"
    >
      <h2 id="settings-delete-title">Delete Account</h2>
      <p>
        Deleting your account is permanent. You will be signed out and can no longer sign in, and your
        username and email cannot be registered again.
      </p>
      <form className="kobo-settings-form" onSubmit={submit} noValidate aria-describedby="delete-alert">
        <FormGroup
          label="Password"
          labelFor="settings-delete-password"
          helperText="Enter your password to confirm it is you."
        >
          <PasswordInput
            id="settings-delete-password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            intent={invalid('password') ? 'danger' : 'none'}
            aria-invalid={invalid('password')}
            onChange={(event) => {
              const password = event.target.value;
              setValues((current) => ({ ...current, password }));
              if (invalid('password')) setRefusal(null);
            }}
          />
        </FormGroup>
        <Checkbox
          checked={values.confirmed}
          aria-invalid={invalid('confirmed')}
          label="I understand that my account and its history will be deleted permanently."
          onChange={(event) => {
            const confirmed = event.currentTarget.checked;
            setValues((current) => ({ ...current, confirmed }));
            if (invalid('confirmed')) setRefusal(null);
          }}
        />
        <FormAlert id="delete-alert" message={refusal?.message ?? null} />
        <div className="kobo-settings-actions">
          <Button type="submit" intent="danger" icon="trash" text="Delete Account" loading={isLoading} />
        </div>
      </form>
      <Alert
        isOpen={asking}
        intent="danger"
        icon="trash"
        cancelButtonText="Keep my account"
        confirmButtonText="Delete my account"
        loading={isLoading}
        canEscapeKeyCancel={!isLoading}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirmDeletion()}
      >
        <p>
          <strong>Delete your account for good?</strong>
        </p>
        <p>This cannot be undone.</p>
      </Alert>
    </section>
  );
}
