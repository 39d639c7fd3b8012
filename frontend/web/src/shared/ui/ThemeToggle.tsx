import { Classes } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';
import { useTheme } from '../theme/theme';
import { Glyph } from './Glyph';

/**
 * Switches between light and dark (the choice is kept; 'system' until the first switch). A plain
 * button in Blueprint's look: it sits in the public header, which must stay light (see Glyph).
 */
const stay = () => () => undefined;

export function ThemeToggle({ withText = false }: { withText?: boolean }) {
  const { theme: chosen, toggle } = useTheme();
  // A page pre-rendered at build time was drawn light: it hydrates as such, then follows the choice.
  const hydrated = useSyncExternalStore(
    stay,
    () => true,
    () => false,
  );
  const theme = hydrated ? chosen : 'light';
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <button
      type="button"
      className={`${Classes.BUTTON} ${Classes.MINIMAL}`}
      aria-label={label}
      title={label}
      onClick={toggle}
    >
      <Glyph icon={theme === 'dark' ? 'flash' : 'moon'} />
      {withText ? (
        <span className={Classes.BUTTON_TEXT}>{theme === 'dark' ? 'Light theme' : 'Dark theme'}</span>
      ) : null}
    </button>
  );
}
