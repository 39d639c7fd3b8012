/**
 * Writes a brotli and a gzip twin of every text asset after the build, so the server sends
 * compressed files without compressing on each request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|css|html|svg|json|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kobo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the pre-rendered pages and the service worker are written (vite.config.ts).
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!compressible.test(file)) continue;
          const content = readFileSync(file);
          if (content.length < 512) continue;
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}
