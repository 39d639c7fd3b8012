import { Button, Callout, Checkbox, FormGroup, Icon, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { MINIMUM_AGE } from '../../shared/constants';
import { useToast } from '../../shared/toast/toast';
import { PasswordInput } from '../../shared/ui/PasswordInput';
import { useRegisterMutation } from './api';
import { AuthLayout } from './AuthLayout';
import { useUsernameCheck, type UsernameCheck } from './useUsernameCheck';
import {
  MESSAGES,
  validateSignup,
  type FieldErrors,
  type SignupField,
  type SignupValues,
} from './validation';

export const SIGNUP_SUCCESS = 'Account created successfully!, Please sign in to start earning.';

/** The form's fields in screen order: the first one in error gets the focus. */
const FIELD_ORDER: SignupField[] = [
  'firstName',
  'lastName',
  'username',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'referredBy',
  'acceptTerms',
];

const fieldId = (field: SignupField) => `signup-${field}`;

/** Hints shown under a field while it has no error. */
const HELP: Partial<Record<SignupField, string>> = {
  password: 'At least 6 characters.',
  referredBy: 'The code of the friend who invited you, if any.',
};

function UsernameStatus({ check }: { check: UsernameCheck }) {
  switch (check.state) {
    case 'checking':
      return (
        <span className="kobo-account-username">
          <Spinner size={12} aria-hidden /> Checking availability...
        </span>
      );
    case 'available':
      return (
        <span className="kobo-account-username kobo-account-username-available">
          <Icon icon="tick-circle" size={12} /> Username is available
        </span>
      );
    case 'taken':
      return (
        <span className="kobo-account-username kobo-account-username-taken">
          <Icon icon="cross-circle" size={12} /> {MESSAGES.usernameTaken}
        </span>
      );
    case 'invalid':
      return (
        <span className="kobo-account-username kobo-account-username-taken">
          <Icon icon="cross-circle" size={12} /> {check.message}
        </span>
      );
    default:
      return <span>At least 3 characters: letters, numbers, dots, hyphens or underscores.</span>;
  }
}

export function SignupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [register, { isLoading }] = useRegisterMutation();
  const [values, setValues] = useState<SignupValues>(() => ({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    referredBy: (params.get('ref') ?? '').trim().toUpperCase(),
    acceptTerms: false,
  }));
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const usernameCheck = useUsernameCheck(values.username);

  function set<F extends SignupField>(field: F, value: SignupValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function showErrors(found: FieldErrors<SignupField>) {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const found = validateSignup(values);
    if (!found.username && usernameCheck.state === 'taken') found.username = MESSAGES.usernameTaken;
    if (!found.username && usernameCheck.state === 'invalid') found.username = usernameCheck.message;
    if (Object.keys(found).length > 0) return showErrors(found);
    try {
      await register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        phone: values.phone.trim(),
        referredBy: values.referredBy.trim() || null,
      }).unwrap();
      toast.success(SIGNUP_SUCCESS);
      navigate('/login', { state: { email: values.email.trim() } });
    } catch (error) {
      toast.error(errorMessage(error, 'We could not create your account. Please try again.'));
      const server = fieldErrors(error);
      showErrors(
        Object.fromEntries(
          FIELD_ORDER.filter((field) => server[field]).map((field) => [field, server[field]]),
        ) as FieldErrors<SignupField>,
      );
    }
  }

  const text = (field: Exclude<SignupField, 'acceptTerms'>) => ({
    id: fieldId(field),
    value: values[field],
    intent: errors[field] ? Intent.DANGER : Intent.NONE,
    onValueChange: (value: string) => set(field, value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      errors[field] || HELP[field] || field === 'username' ? `${fieldId(field)}-help` : undefined,
  });

  const group = (field: SignupField, label: string) => {
    const help = errors[field] ?? HELP[field];
    return {
      label,
      labelFor: fieldId(field),
      intent: errors[field] ? Intent.DANGER : Intent.NONE,
      helperText: help ? <span id={`${fieldId(field)}-help`}>{help}</span> : undefined,
    };
  };

  const usernameTaken = usernameCheck.state === 'taken' || usernameCheck.state === 'invalid';

  return (
    <AuthLayout
      wide
      icon="new-person"
      title="Create your account"
      subtitle="Join Kobo free and start earning naira from simple social tasks."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <form className="kobo-account-form" onSubmit={submit} noValidate aria-busy={isLoading}>
        <div className="kobo-account-row">
          <FormGroup {...group('firstName', 'First name')}>
            <InputGroup {...text('firstName')} autoComplete="given-name" placeholder="Ada" />
          </FormGroup>
          <FormGroup {...group('lastName', 'Last name')}>
            <InputGroup {...text('lastName')} autoComplete="family-name" placeholder="Obi" />
          </FormGroup>
        </div>

        <Callout intent={Intent.WARNING} icon="warning-sign" compact className="kobo-account-notice">
          Choose your username carefully: it cannot be changed after your account is created.
        </Callout>
        <FormGroup
          label="Username"
          labelFor={fieldId('username')}
          intent={errors.username || usernameTaken ? Intent.DANGER : Intent.NONE}
          helperText={
            <span id={`${fieldId('username')}-help`} aria-live="polite">
              {errors.username ?? <UsernameStatus check={usernameCheck} />}
            </span>
          }
        >
          <InputGroup
            {...text('username')}
            intent={errors.username || usernameTaken ? Intent.DANGER : Intent.NONE}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            leftIcon="at"
            placeholder="yourname"
          />
        </FormGroup>

        <div className="kobo-account-row">
          <FormGroup {...group('email', 'Email address')}>
            <InputGroup
              {...text('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
            />
          </FormGroup>
          <FormGroup {...group('phone', 'Phone number')}>
            <InputGroup
              {...text('phone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="0803 000 0000"
            />
          </FormGroup>
        </div>

        <div className="kobo-account-row">
          <FormGroup {...group('password', 'Password')}>
            <PasswordInput {...text('password')} autoComplete="new-password" />
          </FormGroup>
          <FormGroup {...group('confirmPassword', 'Confirm password')}>
            <PasswordInput {...text('confirmPassword')} autoComplete="new-password" />
          </FormGroup>
        </div>

        <FormGroup {...group('referredBy', 'Referral code')} labelInfo="(optional)">
          <InputGroup
            {...text('referredBy')}
            onValueChange={(value) => set('referredBy', value.toUpperCase())}
            autoCapitalize="characters"
            spellCheck={false}
            leftIcon="people"
            placeholder="e.g. 3F9A1C2B"
          />
        </FormGroup>

        <div className="kobo-account-terms">
          <Checkbox
            id={fieldId('acceptTerms')}
            checked={values.acceptTerms}
            onChange={(event) => set('acceptTerms', event.currentTarget.checked)}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? `${fieldId('acceptTerms')}-help` : undefined}
            labelElement={
              <>
                I am {MINIMUM_AGE} or older and agree to the{' '}
                <Link to="/terms" target="_blank" rel="noopener">
                  Terms
                </Link>{' '}
                and{' '}
                <Link to="/privacy" target="_blank" rel="noopener">
                  Privacy Policy
                </Link>
              </>
            }
          />
          {errors.acceptTerms ? (
            <p id={`${fieldId('acceptTerms')}-help`} className="kobo-account-field-error">
              {errors.acceptTerms}
            </p>
          ) : null}
        </div>

        <Button
          type="submit"
          intent={Intent.PRIMARY}
          size="large"
          fill
          loading={isLoading}
          className="kobo-account-submit"
          text="Create account"
        />
      </form>
    </AuthLayout>
  );
}
