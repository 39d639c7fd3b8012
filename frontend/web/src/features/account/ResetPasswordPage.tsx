import { Button, Classes, FormGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { RESET_REDIRECT_MS } from '../../shared/constants';
import { useToast } from '../../shared/toast/toast';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PasswordInput } from '../../shared/ui/PasswordInput';
import { useResetPasswordMutation } from './api';
import { AuthLayout } from './AuthLayout';
import { validateReset, type FieldErrors, type ResetValues } from './validation';

export const MISSING_TOKEN = 'Invalid or missing reset token.';

type Field = keyof ResetValues;

const bigButton = `${Classes.LARGE} ${Classes.FILL}`;

function InvalidLink() {
  return (
    <AuthLayout
      icon="error"
      tone="danger"
      title="Invalid Reset Link"
      subtitle="This password reset link is invalid or has expired."
    >
      <ButtonLink
        to="/forgot-password"
        variant="solid"
        intent={Intent.PRIMARY}
        icon="envelope"
        text="Request New Link"
        className={bigButton}
      />
      <Link to="/login" className="kobo-account-back">
        Back to login
      </Link>
    </AuthLayout>
  );
}

function ResetComplete() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthLayout
      icon="tick"
      tone="success"
      title="Password Reset Complete"
      subtitle={`Your password has been changed. Taking you to sign in in ${RESET_REDIRECT_MS / 1000} seconds...`}
    >
      <ButtonLink
        to="/login"
        replace
        variant="solid"
        intent={Intent.PRIMARY}
        icon="log-in"
        text="Sign In Now"
        className={bigButton}
      />
    </AuthLayout>
  );
}

export function ResetPasswordPage() {
  const token = useParams().token?.trim() ?? '';
  const toast = useToast();
  const [resetPassword, { isLoading, isSuccess }] = useResetPasswordMutation();
  const [values, setValues] = useState<ResetValues>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    if (!token) return toast.error(MISSING_TOKEN);
    const found = validateReset(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.password ? 'reset-password' : 'reset-confirm')?.focus();
      return;
    }
    try {
      await resetPassword({ token, newPassword: values.password }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, 'We could not reset your password. Please try again.'));
      const server = fieldErrors(error);
      if (server.newPassword) setErrors({ password: server.newPassword });
    }
  }

  if (!token) return <InvalidLink />;
  if (isSuccess) return <ResetComplete />;

  return (
    <AuthLayout
      icon="key"
      title="Create New Password"
      subtitle="Choose a new password for your Kobo account."
    >
      <form className="kobo-account-form" onSubmit={submit} noValidate aria-busy={isLoading}>
        <FormGroup
          label="New password"
          labelFor="reset-password"
          intent={errors.password ? Intent.DANGER : Intent.NONE}
          helperText={errors.password}
        >
          <PasswordInput
            id="reset-password"
            autoComplete="new-password"
            leftIcon="lock"
            value={values.password}
            intent={errors.password ? Intent.DANGER : Intent.NONE}
            aria-invalid={errors.password ? true : undefined}
            onValueChange={(value) => set('password', value)}
          />
        </FormGroup>
        <FormGroup
          label="Confirm new password"
          labelFor="reset-confirm"
          intent={errors.confirmPassword ? Intent.DANGER : Intent.NONE}
          helperText={errors.confirmPassword}
        >
          <PasswordInput
            id="reset-confirm"
            autoComplete="new-password"
            leftIcon="lock"
            value={values.confirmPassword}
            intent={errors.confirmPassword ? Intent.DANGER : Intent.NONE}
            aria-invalid={errors.confirmPassword ? true : undefined}
            onValueChange={(value) => set('confirmPassword', value)}
          />
        </FormGroup>
        <div className="kobo-account-requirements" role="note" aria-label="Password requirements">
          <p>Password requirements</p>
          <ul>
            <li>At least 6 characters</li>
            <li>Include letters and numbers</li>
            <li>Use a strong password you do not use anywhere else</li>
          </ul>
        </div>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          size="large"
          fill
          disabled={isLoading}
          className="kobo-account-submit"
          text={isLoading ? 'Resetting Password...' : 'Reset Password'}
        />
      </form>
      <Link to="/login" className="kobo-account-back">
        Back to login
      </Link>
    </AuthLayout>
  );
}
