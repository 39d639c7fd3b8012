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

/**
 * Why the last session ended: the person left (logout, account deleted) and goes home, or the
 * server stopped accepting it (401) and they are asked to sign in again.
 */
export type SessionEnd = 'left' | 'expired';

interface SessionState {
  current: Session | null;
  endedBy: SessionEnd | null;
  /** A logout or deletion is under way: a 401 meanwhile is its own doing, not an expiry. */
  leaving: boolean;
}

const initialState: SessionState = { current: stored(), endedBy: null, leaving: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<Session>) {
      state.current = action.payload;
      state.endedBy = null;
      state.leaving = false;
    },
    leaving(state) {
      state.leaving = true;
    },
    stayed(state) {
      state.leaving = false;
    },
    /** The first end counts (see endSession in shared/api). */
    signedOut(state, action: PayloadAction<SessionEnd>) {
      if (!state.current || (action.payload === 'expired' && state.leaving)) return;
      state.current = null;
      state.endedBy = action.payload;
      state.leaving = false;
    },
  },
});

export const { signedIn, signedOut, leaving, stayed } = sessionSlice.actions;

/** Keeps the stored copy equal to the state (called by the store on every change). */
export function persistSession(current: Session | null): void {
  if (current) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(current));
  else localStorage.removeItem(SESSION_STORAGE_KEY);
}

export function useSession(): Session | null {
  return useSelector((state: { session: SessionState }) => state.session.current);
}

export function useSessionEnd(): SessionEnd | null {
  return useSelector((state: { session: SessionState }) => state.session.endedBy);
}
