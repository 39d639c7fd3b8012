import { afterSignIn, validateLogin, validateReset, validateSignup, type SignupValues } from './validation';

const valid: SignupValues = {
  firstName: 'Ada',
  lastName: 'Obi',
  username: 'ada',
  email: 'ada@example.ng',
  phone: '08030000000',
  password: 'secret1',
  confirmPassword: 'secret1',
  referredBy: '',
  acceptTerms: true,
};

describe('sign-up rules', () => {
  it('accepts a complete form, with or without a referral code', () => {
    expect(validateSignup(valid)).toEqual({});
    expect(validateSignup({ ...valid, referredBy: 'ABCD2345' })).toEqual({});
  });

  it('requires every field but the referral code', () => {
    const empty = validateSignup({
      ...valid,
      firstName: ' ',
      lastName: '',
      username: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
    });
    expect(empty).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      username: 'Username is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      password: 'Password is required',
    });
  });

  it('says why a username, password or confirmation is refused', () => {
    expect(validateSignup({ ...valid, username: ' ab ' }).username).toBe(
      'Username must be at least 3 characters',
    );
    expect(validateSignup({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateSignup({ ...valid, confirmPassword: 'secret2' }).confirmPassword).toBe(
      'Passwords do not match',
    );
    expect(validateSignup({ ...valid, email: 'ada@' }).email).toBe('Please enter a valid email address.');
  });

  it("keeps the server's plainer person rules: an ASCII username, names of at most 50 characters", () => {
    expect(validateSignup({ ...valid, username: 'аdа_obi' }).username).toBe(
      'Username may only contain letters, numbers, dots, hyphens and underscores',
    );
    expect(validateSignup({ ...valid, firstName: 'A'.repeat(51) }).firstName).toBe(
      'First name must be at most 50 characters',
    );
    expect(validateSignup({ ...valid, lastName: 'O'.repeat(200) }).lastName).toBe(
      'Last name must be at most 50 characters',
    );
    expect(validateSignup({ ...valid, firstName: 'Ọláolúwa' })).toEqual({});
  });

  it('requires the terms checkbox', () => {
    expect(validateSignup({ ...valid, acceptTerms: false })).toEqual({
      acceptTerms: 'Please confirm you are 18 or older and agree to the Terms and Privacy Policy',
    });
  });
});

describe('sign-in and reset rules', () => {
  it('requires email and password to sign in', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: 'a@b.ng', password: 'x' })).toEqual({});
  });

  it('puts the length message on the password and the mismatch on the confirmation', () => {
    expect(validateReset({ password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(validateReset({ password: '123456', confirmPassword: '654321' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateReset({ password: '123456', confirmPassword: '123456' })).toEqual({});
  });
});

describe('where sign-in leads', () => {
  it('goes back to a user-area page the guard stopped, otherwise to the dashboard', () => {
    expect(afterSignIn('/dashboard/withdraw')).toBe('/dashboard/withdraw');
    expect(afterSignIn('/dashboard?tab=x')).toBe('/dashboard?tab=x');
    expect(afterSignIn('/admin')).toBe('/dashboard');
    expect(afterSignIn('/dashboardx')).toBe('/dashboard');
    expect(afterSignIn('https://evil.example/dashboard')).toBe('/dashboard');
    expect(afterSignIn(undefined)).toBe('/dashboard');
  });
});
