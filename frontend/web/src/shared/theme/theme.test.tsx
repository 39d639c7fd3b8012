import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_STORAGE_KEY, ThemeProvider, useTheme } from './theme';

function ShowTheme() {
  const { theme, choice, toggle } = useTheme();
  return (
    <button type="button" onClick={toggle}>
      {choice}:{theme}
    </button>
  );
}

/** A device whose colour-scheme preference the test can change. */
function deviceDark(initially: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  let dark = initially;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') && dark;
    },
    media: query,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return (next: boolean) => {
    dark = next;
    for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
  };
}

beforeEach(() => localStorage.clear());

describe('the theme', () => {
  it('follows the device by default, also when the device changes', () => {
    const setDeviceDark = deviceDark(true);
    render(
      <ThemeProvider>
        <ShowTheme />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('system:dark');
    expect(document.body).toHaveClass('bp6-dark');
    act(() => setDeviceDark(false));
    expect(screen.getByRole('button')).toHaveTextContent('system:light');
    expect(document.body).not.toHaveClass('bp6-dark');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('keeps a chosen theme under its own key, and the toggle switches light and dark', async () => {
    deviceDark(false);
    render(
      <ThemeProvider>
        <ShowTheme />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('dark:dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(screen.getByRole('button'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('starts from the saved choice', () => {
    deviceDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    render(
      <ThemeProvider>
        <ShowTheme />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('light:light');
  });

  it('refuses to be used outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ShowTheme />)).toThrow('useTheme must be used within a ThemeProvider');
  });
});
