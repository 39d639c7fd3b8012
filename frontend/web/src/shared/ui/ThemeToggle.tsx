import { Button } from '@blueprintjs/core';
import { useTheme } from '../theme/theme';

/** Switches between light and dark (the choice is kept; 'system' until the first switch). */
export function ThemeToggle({ withText = false }: { withText?: boolean }) {
  const { theme, toggle } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Button
      variant="minimal"
      icon={theme === 'dark' ? 'flash' : 'moon'}
      aria-label={label}
      title={label}
      text={withText ? (theme === 'dark' ? 'Light theme' : 'Dark theme') : undefined}
      onClick={toggle}
    />
  );
}
