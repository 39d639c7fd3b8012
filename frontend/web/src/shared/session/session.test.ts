import { leaving, sessionSlice, signedIn, signedOut, stayed } from './session';

const reduce = sessionSlice.reducer;
const ada = { userId: 'u-1', role: 'user' as const };
const signedInState = reduce(undefined, signedIn(ada));

describe('how a session ends', () => {
  it('remembers that the person left on purpose (logout, deletion)', () => {
    const state = reduce(signedInState, signedOut('left'));
    expect(state.current).toBeNull();
    expect(state.endedBy).toBe('left');
  });

  it('counts a 401 as an expiry', () => {
    expect(reduce(signedInState, signedOut('expired')).endedBy).toBe('expired');
  });

  it('ignores a 401 that races a logout or deletion under way', () => {
    let state = reduce(signedInState, leaving());
    state = reduce(state, signedOut('expired'));
    expect(state.current).toEqual(ada);
    state = reduce(state, signedOut('left'));
    expect(state.endedBy).toBe('left');
  });

  it('keeps the first reason: a late 401 after leaving changes nothing', () => {
    let state = reduce(signedInState, signedOut('left'));
    state = reduce(state, signedOut('expired'));
    expect(state.endedBy).toBe('left');
  });

  it('takes 401s seriously again when the deletion was refused', () => {
    let state = reduce(signedInState, leaving());
    state = reduce(state, stayed());
    expect(reduce(state, signedOut('expired')).endedBy).toBe('expired');
  });

  it('forgets how the last one ended at the next sign-in', () => {
    const state = reduce(reduce(signedInState, signedOut('left')), signedIn(ada));
    expect(state).toMatchObject({ current: ada, endedBy: null, leaving: false });
  });
});
