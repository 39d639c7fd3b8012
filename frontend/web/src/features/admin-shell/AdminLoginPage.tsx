/**
 * Admin Portal (/admin/login, docs/product/staff-area.md#routes-and-guards): the staff sign-in. Only an admin or finance
 * account gets in; the server says why anyone else is refused and that message is shown.
 */
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { api, errorMessage } from '../../shared/api/api';
import { signedIn } from '../../shared/session/session';
import { useToast } from '../../shared/toast/toast';
import { PasswordInput } from '../../shared/ui/PasswordInput';
import { AuthLayout } from '../account/AuthLayout';
import { useAdminSignInMutation } from './api';
import { staffDestination } from './destination';
import './admin-shell.css';

type Field = 'email' | 'password';
const REQUIRED: Record<Field, string> = { email: 'Email is required', password: 'Password is required' };
export const ADMIN_WELCOME = 'Welcome back, Admin.';
export const FINANCE_WELCOME = 'Welcome back. The finance desk is ready.';

export function AdminLoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const toast = useToast();
  const [adminSignIn, { isLoading }] = useAdminSignInMutation();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const found: Partial<Record<Field, string>> = {};
    if (!values.email.trim()) found.email = REQUIRED.email;
    if (!values.password) found.password = REQUIRED.password;
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? 'admin-login-email' : 'admin-login-password')?.focus();
      return;
    }
    setRefusal(null);
    try {
      // The API sets the session cookie; the token in the answer is not kept.
      const answer = await adminSignIn({ email: values.email.trim(), password: values.password }).unwrap();
      // Whatever was cached belonged to whoever was signed in before.
      dispatch(api.util.resetApiState());
      dispatch(signedIn({ userId: answer._id, role: answer.role }));
      toast.success(answer.role === 'finance' ? FINANCE_WELCOME : ADMIN_WELCOME);
      const role = answer.role === 'finance' ? 'finance' : 'admin';
      await navigate(staffDestination(role, (location.state as { from?: unknown } | null)?.from), {
        replace: true,
      });
    } catch (error) {
      setRefusal(errorMessage(error, 'We could not sign you in. Please try again.'));
    }
  }

  return (
    <AuthLayout
      icon="shield"
      title="Admin Portal"
      subtitle="Sign in with your admin or finance account."
      footer={<Link to="/">← Back to Kobo home</Link>}
    >
      <form className="kobo-account-form" onSubmit={submit} noValidate aria-busy={isLoading}>
        {refusal ? (
          <Callout intent="danger" icon="error" compact role="alert" className="kobo-admin-login-refusal">
            {refusal}
          </Callout>
        ) : null}
        <FormGroup
          label="Email address"
          labelFor="admin-login-email"
          intent={errors.email ? Intent.DANGER : Intent.NONE}
          helperText={errors.email}
        >
          <InputGroup
            id="admin-login-email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="admin@example.com"
            leftIcon="envelope"
            value={values.email}
            onValueChange={(value) => set('email', value)}
            intent={errors.email ? Intent.DANGER : Intent.NONE}
            aria-invalid={errors.email ? true : undefined}
          />
        </FormGroup>
        <FormGroup
          label="Password"
          labelFor="admin-login-password"
          intent={errors.password ? Intent.DANGER : Intent.NONE}
          helperText={errors.password}
        >
          <PasswordInput
            id="admin-login-password"
            autoComplete="current-password"
            leftIcon="lock"
            value={values.password}
            onValueChange={(value) => set('password', value)}
            intent={errors.password ? Intent.DANGER : Intent.NONE}
            aria-invalid={errors.password ? true : undefined}
          />
        </FormGroup>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          size="large"
          fill
          loading={isLoading}
          className="kobo-account-submit"
          text="Sign in"
        />
      </form>
    </AuthLayout>
  );
}
