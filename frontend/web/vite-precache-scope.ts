/**
 * What the service worker keeps at install (src/sw.ts): the shell, the pre-rendered pages and the
 * code of every page a user can open, not the staff areas' code (admin, finance), which only staff
 * ever run: their chunks are cached by the worker when first used.
 *
 * Decided from the build's chunks: from the entries, every chunk a kept chunk imports statically,
 * and every chunk our own code in it imports dynamically, except a staff page (a module under
 * src/features/admin-* or finance-*, the router's lazy routes). Dynamic imports made by libraries
 * are not followed: Blueprint's own icon loaders (about 200 KB of icon paths) are never called,
 * since the icons come from the sprite (src/shared/ui/icon-paths.ts). The chunks not reached, and
 * the stylesheets only they import, are left out of the precache. The light entry of the site pages
 * (built apart, vite-prerender.ts) is precached whole.
 */
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

const STAFF_PAGE = /\/src\/features\/(admin|finance)-[^/]+\//;
const LIBRARY = /\/node_modules\//;

export function precacheScope(): { plugin: Plugin; transform: ManifestTransform } {
  /** Files under the output folder (assets/...) kept out of the precache. */
  const notPrecached = new Set<string>();
  let ssr = false;

  const plugin: Plugin = {
    name: 'kobo-precache-scope',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const chunkOf = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
      const kept = new Set<(typeof chunks)[number]>();
      const queue = chunks.filter((chunk) => chunk.isEntry);
      while (queue.length > 0) {
        const chunk = queue.pop()!;
        if (kept.has(chunk)) continue;
        kept.add(chunk);
        for (const file of chunk.imports) {
          const next = bundle[file];
          if (next?.type === 'chunk') queue.push(next);
        }
        // The dynamic imports of our own code that the chunk carries, staff pages excepted.
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (LIBRARY.test(id) || module.renderedLength === 0) continue;
          for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
            const next = chunkOf.get(target);
            if (next && !STAFF_PAGE.test(target)) queue.push(next);
          }
        }
      }
      const keptCss = new Set([...kept].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
      const leftOut = chunks.filter((chunk) => !kept.has(chunk));
      if (!leftOut.some((chunk) => chunk.moduleIds.some((id) => STAFF_PAGE.test(id))))
        throw new Error('precache scope: no staff chunk found; has src/features changed its layout?');
      for (const chunk of leftOut) {
        notPrecached.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) if (!keptCss.has(css)) notPrecached.add(css);
      }
    },
  };

  const transform: ManifestTransform = (entries) => ({
    manifest: entries.filter((entry) => !notPrecached.has(entry.url.replace(/^\//, ''))),
    warnings: [],
  });

  return { plugin, transform };
}
