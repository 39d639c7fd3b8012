/**
 * Whether the dashboard shows the balances or hides them (for a phone used in public), remembered
 * on the device across visits and sign-ins.
 */
import { useCallback, useState } from 'react';

export const HIDE_BALANCES_KEY = 'kobo.hideBalances';

function remembered(): boolean {
  try {
    return localStorage.getItem(HIDE_BALANCES_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useHiddenBalances(): [hidden: boolean, toggle: () => void] {
  const [hidden, setHidden] = useState(remembered);
  const toggle = useCallback(() => {
    setHidden((was) => {
      try {
        localStorage.setItem(HIDE_BALANCES_KEY, String(!was));
      } catch {
        // Private mode or a full storage: hidden for this visit only.
      }
      return !was;
    });
  }, []);
  return [hidden, toggle];
}
