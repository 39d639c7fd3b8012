import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { signedIn } from '../../shared/session/session';
import { useToast } from '../../shared/toast/toast';
import { PasswordInput } from '../../shared/ui/PasswordInput';
import { useSignInMutation } from './api';
import { AuthLayout } from './AuthLayout';
import { afterSignIn, validateLogin, type FieldErrors, type LoginValues } from './validation';

type Field = keyof LoginValues;

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const toast = useToast();
  const [signIn, { isLoading }] = useSignInMutation();
  const state = location.state as { from?: unknown; email?: unknown } | null;
  const [values, setValues] = useState<LoginValues>({
    email: typeof state?.email === 'string' ? state.email : '',
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    try {
      // The API sets the session cookie; the token in the answer is not kept.
      const answer = await signIn({ email: values.email.trim(), password: values.password }).unwrap();
      dispatch(signedIn({ userId: answer.id, role: answer.role }));
      navigate(afterSignIn(state?.from), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'We could not sign you in. Please try again.'));
      setErrors(fieldErrors(error) as FieldErrors<Field>);
    }
  }

  const invalid = (field: Field) => ({
    intent: errors[field] ? Intent.DANGER : Intent.NONE,
    'aria-invalid': errors[field] ? true : undefined,
  });

  return (
    <AuthLayout
      icon="log-in"
      title="Welcome back"
      subtitle="Sign in to see your balances, tasks and withdrawals."
      footer={
        <>
          New to Kobo? <Link to="/signup">Create an account</Link>
        </>
      }
    >
      <form className="kobo-account-form" onSubmit={submit} noValidate aria-busy={isLoading}>
        <FormGroup
          label="Email address"
          labelFor="login-email"
          intent={errors.email ? Intent.DANGER : Intent.NONE}
          helperText={errors.email}
        >
          <InputGroup
            id="login-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            leftIcon="envelope"
            value={values.email}
            onValueChange={(value) => set('email', value)}
            {...invalid('email')}
          />
        </FormGroup>
        <FormGroup
          label="Password"
          labelFor="login-password"
          intent={errors.password ? Intent.DANGER : Intent.NONE}
          helperText={errors.password}
        >
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            leftIcon="lock"
            value={values.password}
            onValueChange={(value) => set('password', value)}
            {...invalid('password')}
          />
        </FormGroup>
        <div className="kobo-account-forgot">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
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
