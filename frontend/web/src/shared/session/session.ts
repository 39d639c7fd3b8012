/**
 * Who is signed in, as far as the screens need to know (which menu, which guard). The session
 * itself is the httpOnly cookie the API sets at sign-in; the role here is a convenience for routing
 * only: every call is checked by the server from the signed token.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';

export type Role = 'user' | 'admin' | 'finance';
export interface Session {
  userId: string;
  role: Role;
}

export const SESSION_STORAGE_KEY = 'kobo.session';

function stored(): Session | null {
  try {
    const value = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Session | null;
    return value && typeof value.userId === 'string' && typeof value.role === 'string' ? value : null;
  } catch {
    return null;
  }
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: { current: stored() },
  reducers: {
    signedIn(state, action: PayloadAction<Session>) {
      state.current = action.payload;
    },
    /** Signed out, deleted, or the server answered 401 (see endSession in shared/api). */
    signedOut(state) {
      state.current = null;
    },
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;

/** Keeps the stored copy equal to the state (called by the store on every change). */
export function persistSession(current: Session | null): void {
  if (current) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(current));
  else localStorage.removeItem(SESSION_STORAGE_KEY);
}

export function useSession(): Session | null {
  return useSelector((state: { session: { current: Session | null } }) => state.session.current);
}
