/**
 * The Blueprint icons the app names, each as its own small chunk. Blueprint's default loader
 * fetches every icon of a size at once (about 100 KB gzip per size) on the first icon shown; this
 * plugin scans the sources for icon names and gives `src/app/icons.ts` one loader per icon, so a
 * page downloads only the handful it shows.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:kobo-icon-paths';
const RESOLVED_ID = `\0${MODULE_ID}`;

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

export function iconPaths(): Plugin {
  const generatedDir = join(
    dirname(createRequire(import.meta.url).resolve('@blueprintjs/icons/package.json')),
    'lib/esm/generated',
  );
  let sourceDir = 'src';
  return {
    name: 'kobo-icon-paths',
    configResolved(config) {
      sourceDir = join(config.root, 'src');
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const entries = iconNamesIn(sourceDir, generatedDir).map((name) => {
        const size = (px: number) =>
          `${px}: () => import('@blueprintjs/icons/lib/esm/generated/${px}px/paths/${name}.js').then((m) => m.default)`;
        return `  '${name}': { ${size(16)}, ${size(20)} },`;
      });
      return `export const iconPaths = {\n${entries.join('\n')}\n};\n`;
    },
  };
}
