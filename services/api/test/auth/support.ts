/** Sign-ups and sign-ins through the real routes, for the auth tests. */
import { randomBytes } from 'node:crypto';
import type { Harness } from '../support/harness';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  username: string;
  token: string;
}

export function signUpData(overrides: Record<string, unknown> = {}) {
  const suffix = randomBytes(4).toString('hex');
  return {
    firstName: 'ada',
    lastName: 'OBI',
    username: `ada_${suffix}`,
    email: `ada.${suffix}@example.ng`,
    password: 'secret-123',
    phone: '08031234567',
    referredBy: '',
    ...overrides,
  };
}

export async function signUpAndIn(h: Harness, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const data = signUpData(overrides);
  const registered = await h.http.post('/api/auth/register').send(data).expect(201);
  const login = await h.http
    .post('/api/auth/login')
    .send({ email: data.email, password: data.password })
    .expect(200);
  return {
    id: registered.body.id as string,
    email: data.email as string,
    password: data.password as string,
    username: data.username as string,
    token: login.body.token as string,
  };
}
