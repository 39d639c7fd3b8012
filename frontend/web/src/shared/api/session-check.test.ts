// The fetch stand-in first: the API module is created on import.
import { problem, serveFetch } from '../../features/account/testing';
import { createStore } from '../../app/store';
import { signedIn } from '../session/session';
import { accountApi } from './account';

const dashboard = {
  username: 'adaokafor',
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@demo.kobo.ng',
  phone: '08031234567',
  hasPin: true,
  bankDetails: { bankCode: '', bankName: '', accountNum: '', accountName: '' },
};

function signedInStore() {
  const store = createStore();
  store.dispatch(signedIn({ userId: 'u-1', role: 'user' }));
  return store;
}

describe('a 401 ends the session only when the server refuses it twice', () => {
  it('keeps the person signed in when the 401 answered the cookie a password change replaced', async () => {
    // The first call carried the old cookie and arrived after the change ended that session; the
    // second carries the new one.
    let calls = 0;
    const sent = serveFetch(() =>
      ++calls === 1 ? problem(401, 'Please sign in again.') : { status: 200, body: dashboard },
    );
    const store = signedInStore();
    const read = await store.dispatch(accountApi.endpoints.getDashboard.initiate());
    expect(read.data).toEqual(dashboard);
    expect(sent.map((r) => r.path)).toEqual(['/api/users/dashboard', '/api/users/dashboard']);
    expect(store.getState().session).toMatchObject({ current: { userId: 'u-1' }, endedBy: null });
  });

  it('signs the person out, as expired, when the second ask is refused too', async () => {
    const sent = serveFetch(() => problem(401, 'Please sign in again.'));
    const store = signedInStore();
    await store.dispatch(accountApi.endpoints.getDashboard.initiate());
    expect(sent).toHaveLength(2);
    expect(store.getState().session).toMatchObject({ current: null, endedBy: 'expired' });
  });
});
