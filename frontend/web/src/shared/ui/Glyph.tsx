/**
 * A Blueprint icon drawn without Blueprint's Icon component, for the public pages: it fetches only
 * its own paths, where the Icon component brings the whole icon catalogue (about 17 KB gzip) that
 * the landing page's budget cannot carry. Same artwork, same sizes.
 */
import type { IconName } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { loadIconPaths, type IconPixels } from './icon-paths';

const loaded = new Map<string, string[]>();

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
  const key = `${icon}@${pixels}`;
  const [paths, setPaths] = useState(() => loaded.get(key));

  useEffect(() => {
    if (loaded.has(key)) return setPaths(loaded.get(key));
    let current = true;
    loadIconPaths(icon, pixels)
      .then((found) => {
        if (!found) return;
        loaded.set(key, found);
        if (current) setPaths(found);
      })
      .catch(() => undefined); // an icon that fails to load leaves an empty square, never an error
    return () => {
      current = false;
    };
  }, [icon, pixels, key]);

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
      {paths?.map((d, i) => (
        <path key={i} d={d} fillRule="evenodd" />
      ))}
    </svg>
  );
}
