/**
 * Icons, one small chunk each. The build lists the icon names the sources use
 * (vite-icon-paths.ts) with a loader per icon and size; Blueprint's default would fetch every icon
 * of a size at once (about 100 KB gzip) on the first one shown.
 */
import type { IconName, IconPaths } from '@blueprintjs/icons';

export type IconPixels = 16 | 20;

/** The SVG paths of one icon, or undefined if the build did not list it. */
export async function loadIconPaths(name: IconName, pixels: IconPixels): Promise<string[] | undefined> {
  const { iconPaths } = await import('virtual:kobo-icon-paths');
  return iconPaths[name]?.[pixels]?.();
}

let prepared: Promise<void> | undefined;

/**
 * Points Blueprint's Icon component at the per-icon loader. Call it (and wait) before showing a
 * page that uses Blueprint components with icons: the router does for every page but the landing
 * page, whose budget cannot carry the icons package (it draws its icons with Glyph). A name the
 * build did not list (possible only in development) falls back to Blueprint's own loader.
 */
export function prepareIcons(): Promise<void> {
  prepared ??= import('@blueprintjs/icons').then(({ Icons }) =>
    Icons.setLoaderOptions({
      loader: async (name: IconName, size: number): Promise<IconPaths> => {
        const paths = await loadIconPaths(name, size >= 20 ? 20 : 16);
        if (paths) return paths;
        const { splitPathsBySizeLoader } =
          await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader');
        return splitPathsBySizeLoader(name, size);
      },
    }),
  );
  return prepared;
}
