/**
 * The Blueprint icons the app names, drawn from one SVG sprite: the build scans the sources for
 * icon names and writes every one of them, at 16 and 20 px, as a <symbol> of
 * /assets/icons-<hash>.svg. A page asks for that one file (cached for a year) whatever icons it
 * shows, never one request per icon; the pre-rendered pages show their icons before any script
 * runs (`<use href="…#name-16">`), and Blueprint's Icon component reads its paths from the same
 * file (src/shared/ui/icon-paths.ts). `virtual:kobo-icon-sprite` tells the app the file's address.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:kobo-icon-sprite';
const RESOLVED_ID = `\0${MODULE_ID}`;
const DEV_URL = '/@kobo/icons.svg';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every quoted kebab-case word in the sources that names a Blueprint icon. */
export function iconNamesIn(sourceDir: string, generatedDir: string): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(sourceDir))
    for (const match of readFileSync(file, 'utf8').matchAll(/['"]([a-z0-9]+(?:-[a-z0-9]+)*)['"]/g))
      if (existsSync(join(generatedDir, '16px', 'paths', `${match[1]}.js`))) names.add(match[1]!);
  return [...names].sort();
}

export const ICON_SIZES = [16, 20] as const;

/** The sprite: one <symbol id="<name>-<px>"> per icon and size, its paths as Blueprint draws them. */
export function buildSprite(icons: { name: string; px: number; paths: string[] }[]): string {
  const symbols = icons.map(
    ({ name, px, paths }) =>
      `<symbol id="${name}-${px}" viewBox="0 0 ${px} ${px}">${paths
        .map((d) => `<path d="${d}" fill-rule="evenodd"/>`)
        .join('')}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

/** The paths of one generated Blueprint icon file (`export default ["M…", …];`). */
function readPaths(generatedDir: string, name: string, px: number): string[] {
  const source = readFileSync(join(generatedDir, `${px}px`, 'paths', `${name}.js`), 'utf8');
  const list = /export default (\[[\s\S]*?\]);/.exec(source)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

export function iconSprite(): Plugin {
  const generatedDir = join(
    dirname(createRequire(import.meta.url).resolve('@blueprintjs/icons/package.json')),
    'lib/esm/generated',
  );
  let sourceDir = 'src';
  let serving = false;
  const sprite = () =>
    buildSprite(
      iconNamesIn(sourceDir, generatedDir).flatMap((name) =>
        ICON_SIZES.map((px) => ({ name, px, paths: readPaths(generatedDir, name, px) })),
      ),
    );
  let built: { source: string; fileName: string } | undefined;
  const builtSprite = () => {
    if (!built) {
      const source = sprite();
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
      built = { source, fileName: `assets/icons-${hash}.svg` };
    }
    return built;
  };
  return {
    name: 'kobo-icon-sprite',
    configResolved(config) {
      sourceDir = join(config.root, 'src');
      serving = config.command === 'serve';
    },
    configureServer(server) {
      server.middlewares.use(DEV_URL, (_req, res) => {
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(sprite());
      });
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      return `export const spriteUrl = ${JSON.stringify(serving ? DEV_URL : `/${builtSprite().fileName}`)};\n`;
    },
    generateBundle() {
      if (serving) return;
      const { source, fileName } = builtSprite();
      this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
