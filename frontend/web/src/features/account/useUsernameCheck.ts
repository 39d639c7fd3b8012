/**
 * The sign-up form's live username check: asks the API once typing pauses (USERNAME_CHECK_DELAY_MS)
 * and only for names long enough to be valid. The answer is a hint; registration decides.
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/api';
import { MIN_USERNAME_LENGTH } from '../../shared/constants';
import { useUsernameAvailableQuery } from './api';

export const USERNAME_CHECK_DELAY_MS = 400;

export type UsernameCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken' }
  /** The server refused the name itself (characters, length); `message` says why. */
  | { state: 'invalid'; message: string }
  /** The check could not be made (network); sign-up will still tell. */
  | { state: 'unknown' };

export function useUsernameCheck(input: string): UsernameCheck {
  const username = input.trim();
  const [settled, setSettled] = useState(username);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(username), USERNAME_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [username]);

  const longEnough = username.length >= MIN_USERNAME_LENGTH;
  const { currentData, error, isFetching } = useUsernameAvailableQuery(settled, {
    skip: !longEnough || settled !== username,
  });

  if (!longEnough) return { state: 'idle' };
  if (settled !== username || isFetching) return { state: 'checking' };
  if (currentData) return { state: currentData.available ? 'available' : 'taken' };
  if (error) {
    const status = (error as { status?: unknown }).status;
    return status === 400 ? { state: 'invalid', message: errorMessage(error, '') } : { state: 'unknown' };
  }
  return { state: 'checking' };
}
