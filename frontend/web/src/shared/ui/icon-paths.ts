/**
 * Icons from one sprite (vite-icon-paths.ts): every icon the sources name, at 16 and 20 px, in a
 * single file the browser downloads once and keeps. Glyph points at its symbols; Blueprint's Icon
 * component gets its paths read out of the same file, so no page ever asks for an icon on its own.
 */
import type { IconName, IconPaths } from '@blueprintjs/icons';
import { spriteUrl } from 'virtual:kobo-icon-sprite';

export type IconPixels = 16 | 20;

export { spriteUrl };

/** The id of an icon's symbol in the sprite. */
export const symbolId = (name: string, pixels: IconPixels) => `${name}-${pixels}`;

/** The paths of one icon's symbol in the sprite's text, or undefined if it has none. */
export function pathsInSprite(sprite: string, name: string, pixels: IconPixels): string[] | undefined {
  const start = sprite.indexOf(`<symbol id="${symbolId(name, pixels)}"`);
  if (start < 0) return undefined;
  const symbol = sprite.slice(start, sprite.indexOf('</symbol>', start));
  return [...symbol.matchAll(/<path d="([^"]*)"/g)].map((match) => match[1]!);
}

let sprite: Promise<string> | undefined;

/** The SVG paths of one icon, or undefined if the build did not list it. */
export async function loadIconPaths(name: IconName, pixels: IconPixels): Promise<string[] | undefined> {
  sprite ??= fetch(spriteUrl).then((answer) => {
    if (!answer.ok) throw new Error(`the icons could not be loaded (${answer.status})`);
    return answer.text();
  });
  try {
    return pathsInSprite(await sprite, name, pixels);
  } catch (error) {
    sprite = undefined; // offline: the next icon tries again
    throw error;
  }
}

let prepared: Promise<void> | undefined;

/**
 * Points Blueprint's Icon component at the sprite. Call it (and wait) before showing a page that
 * uses Blueprint components with icons: the router does for every page but the public frame and
 * landing page, whose budget cannot carry the icons package (they draw their icons with Glyph). The
 * development server makes the sprite afresh on each request, so it names every icon there too.
 */
export function prepareIcons(): Promise<void> {
  prepared ??= import('@blueprintjs/icons').then(({ Icons }) => {
    Icons.setLoaderOptions({
      loader: async (name: IconName, size: number): Promise<IconPaths> => {
        return (await loadIconPaths(name, size >= 20 ? 20 : 16)) ?? [];
      },
    });
    // The sprite starts downloading now, with the page's code, not with the first icon drawn.
    void loadIconPaths('blank' as IconName, 16).catch(() => undefined);
  });
  return prepared;
}
