/**
 * Light, dark or system (the default, following the device), saved under a product-specific key.
 * Dark uses Blueprint's dark theme class on <body>, so every Blueprint component follows it.
 */
import { Classes } from '@blueprintjs/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'kobo.theme';

interface ThemeContextValue {
  choice: ThemeChoice;
  theme: Theme;
  setChoice(choice: ThemeChoice): void;
  /** The toggle switches between light and dark (docs/product/user-site.md#how-things-change). */
  toggle(): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function storedChoice(): ThemeChoice {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

const darkQuery = () =>
  typeof window !== 'undefined' && window.matchMedia
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(storedChoice);
  const [deviceDark, setDeviceDark] = useState(() => darkQuery()?.matches ?? false);

  useEffect(() => {
    const query = darkQuery();
    if (!query) return;
    const follow = (event: MediaQueryListEvent) => setDeviceDark(event.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  const theme: Theme = choice === 'system' ? (deviceDark ? 'dark' : 'light') : choice;

  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
    document.documentElement.style.colorScheme = theme;
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const setChoice = useCallback((next: ThemeChoice) => {
    setChoiceState(next);
    if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, next);
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({ choice, theme, setChoice, toggle: () => setChoice(theme === 'dark' ? 'light' : 'dark') }),
    [choice, theme, setChoice],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used within a ThemeProvider');
  return value;
}
