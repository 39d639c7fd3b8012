import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { RESET_LINK_MINUTES } from '../../shared/constants';
import { useToast } from '../../shared/toast/toast';
import { useForgotPasswordMutation } from './api';
import { AuthLayout } from './AuthLayout';
import { validateForgotPassword } from './validation';

export const RESET_SENT = 'Password reset instructions sent to your email!';
export const RESET_RESENT = 'New reset email sent!';

export function ForgotPasswordPage() {
  const toast = useToast();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(address: string): Promise<boolean> {
    try {
      await forgotPassword({ email: address }).unwrap();
      return true;
    } catch (failure) {
      toast.error(errorMessage(failure, 'We could not send the reset email. Please try again.'));
      setError(fieldErrors(failure).email);
      return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const found = validateForgotPassword({ email }).email;
    setError(found);
    if (found) return document.getElementById('forgot-email')?.focus();
    const address = email.trim();
    if (await send(address)) {
      toast.success(RESET_SENT);
      setSentTo(address);
    }
  }

  // Resend sends a fresh link to the same address, then shows the form again (docs/product/user-site.md#how-things-change).
  async function resend() {
    if (!sentTo || isLoading) return;
    if (await send(sentTo)) {
      toast.info(RESET_RESENT);
      setSentTo(null);
    }
  }

  const expiry = (
    <Callout intent={Intent.PRIMARY} icon="time" compact className="kobo-account-notice">
      For your security the link expires in {RESET_LINK_MINUTES} minutes and works once.
    </Callout>
  );
  const back = (
    <Link to="/login" className="kobo-account-back">
      Back to sign in
    </Link>
  );

  if (sentTo)
    return (
      <AuthLayout
        icon="envelope"
        title="Check Your Email"
        subtitle={
          <>
            If an account uses <strong>{sentTo}</strong>, we have sent it a link to reset the password.
          </>
        }
      >
        {expiry}
        <Callout icon="info-sign" compact className="kobo-account-notice">
          Check your spam folder if nothing arrives within a few minutes.
        </Callout>
        <Button
          intent={Intent.PRIMARY}
          variant="outlined"
          size="large"
          fill
          icon="refresh"
          loading={isLoading}
          text="Resend Email"
          onClick={resend}
        />
        {back}
      </AuthLayout>
    );

  return (
    <AuthLayout
      icon="key"
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <form className="kobo-account-form" onSubmit={submit} noValidate aria-busy={isLoading}>
        <FormGroup
          label="Email address"
          labelFor="forgot-email"
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error}
        >
          <InputGroup
            id="forgot-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            leftIcon="envelope"
            value={email}
            intent={error ? Intent.DANGER : Intent.NONE}
            aria-invalid={error ? true : undefined}
            onValueChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
          />
        </FormGroup>
        {expiry}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          size="large"
          fill
          loading={isLoading}
          className="kobo-account-submit"
          text="Send reset link"
        />
      </form>
      {back}
    </AuthLayout>
  );
}
