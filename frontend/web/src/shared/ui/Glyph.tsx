/**
 * A Blueprint icon drawn without Blueprint's Icon component, for the public pages: a reference to
 * its symbol in the icon sprite (icon-paths.ts), so it is drawn from the first paint of a
 * pre-rendered page, before any script, and costs no script at all. Same artwork, same sizes.
 */
import type { IconName } from '@blueprintjs/icons';
import { spriteUrl, symbolId, type IconPixels } from './icon-paths';

export function Glyph({
  icon,
  size = 16,
  className,
  title,
}: {
  icon: IconName;
  size?: number;
  className?: string;
  /** A label when the icon says something on its own; without it the icon is decorative. */
  title?: string;
}) {
  const pixels: IconPixels = size >= 20 ? 20 : 16;
  return (
    <svg
      className={`kobo-glyph${className ? ` ${className}` : ''}`}
      width={size}
      height={size}
      viewBox={`0 0 ${pixels} ${pixels}`}
      fill="currentColor"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <use href={`${spriteUrl}#${symbolId(icon, pixels)}`} />
    </svg>
  );
}
