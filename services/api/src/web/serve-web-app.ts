/**
 * Serves the built web app (frontend/web/dist) on the API's origin: hashed assets cached for a
 * year, the HTML, the service worker and the manifest never kept without asking, pre-compressed
 * files (brotli, gzip) chosen by Accept-Encoding, the public pages pre-rendered at build time
 * (dist/pages/<page>.html) for their paths, every other client route answered with the app shell
 * (index.html, SPA fallback), and a content security policy that allows only what the app uses:
 * the inline scripts and styles of the page sent, by their hashes.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Paths the server owns: never answered with the app. */
const serverPaths = /^\/(api|admin\/queues|metrics|healthz|readyz)(\/|$)/;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Files that must be checked with the server on every use: a new deploy changes them in place. */
const revalidated = /^\/(sw\.js|manifest\.webmanifest)$/;

/** A page pre-rendered at build time: '/' and one-word paths ('/about', '/login'). */
const prerenderedPath = /^\/([a-z][a-z-]*)?$/;

const decodeEntities = (text: string) =>
  text.replace(/&(quot|amp|lt|gt|#39|#x27);/g, (_entity, name: string) =>
    name === 'quot' ? '"' : name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : "'",
  );

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hashes of a page's inline sources, for its policy: the contents of its <script>s without
 * src and of its <style>s, and the values of its style attributes (pre-rendered HTML has some),
 * each once.
 */
export function inlineSourceHashes(html: string): {
  scripts: string[];
  styles: string[];
  styleAttributes: string[];
} {
  const unique = (values: Iterable<string>) => [...new Set([...values].map(sha256))];
  return {
    scripts: unique(
      [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
    ),
    styles: unique([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)),
    styleAttributes: unique([...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => decodeEntities(m[1]!))),
  };
}

/**
 * The app's policy: its own scripts, styles, images (plus blob:/data: for the proof preview) and
 * calls to its own origin (the API and the live-balance stream); no frames, plugins or foreign
 * form targets. Styles set through the DOM (React's style prop) need no 'unsafe-inline'.
 */
export function webAppContentSecurityPolicy(production: boolean, html = ''): string {
  const inline = inlineSourceHashes(html);
  const styleAttributes = inline.styleAttributes.length ? ["'unsafe-hashes'", ...inline.styleAttributes] : [];
  return [
    "default-src 'none'",
    ["script-src 'self'", ...inline.scripts].join(' '),
    ["style-src 'self'", ...inline.styles, ...styleAttributes].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

export interface WebAppOptions {
  /** The build folder (index.html and assets/). */
  distDir: string;
  production: boolean;
}

export function serveWebApp({ distDir, production }: WebAppOptions): RequestHandler {
  const root = normalize(distDir + sep);
  const indexFile = join(root, 'index.html');
  // Each page's policy, worked out once per version of the file.
  const policies = new Map<string, { changed: number; policy: string }>();
  const policyOf = (file: string) => {
    const changed = statSync(file).mtimeMs;
    const known = policies.get(file);
    if (known?.changed === changed) return known.policy;
    const policy = webAppContentSecurityPolicy(production, readFileSync(file, 'utf8'));
    policies.set(file, { changed, policy });
    return policy;
  };
  const sendPage = (req: Request, res: Response, file: string) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', policyOf(file));
    return send(req, res, file);
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || serverPaths.test(req.path)) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) return next();

    if (path !== '/' && isFile(file)) {
      // The service worker's precache asks for the HTML files by name.
      if (extname(file) === '.html') return sendPage(req, res, file);
      const hashed = path.startsWith('/assets/');
      res.setHeader(
        'Cache-Control',
        hashed
          ? 'public, max-age=31536000, immutable'
          : revalidated.test(path)
            ? 'no-cache'
            : 'public, max-age=3600',
      );
      return send(req, res, file);
    }
    // A missing file (has an extension) is a 404, not the app: a browser asking for a script must
    // not get HTML back.
    if (extname(path) !== '') return next();
    const page = prerenderedPath.exec(path);
    if (page) {
      const prerendered = join(root, 'pages', `${page[1] ?? 'index'}.html`);
      if (isFile(prerendered)) return sendPage(req, res, prerendered);
    }
    if (!existsSync(indexFile)) return next();
    return sendPage(req, res, indexFile);
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Sends the brotli or gzip twin of a file when the client takes it and the build made one. */
function send(req: Request, res: Response, file: string): void {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const type = contentTypes[extname(file)] ?? 'application/octet-stream';
  let body = file;
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (new RegExp(`\\b${encoding}\\b`).test(accepts) && isFile(file + suffix)) {
      res.setHeader('Content-Encoding', encoding);
      body = file + suffix;
      break;
    }
  }
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', statSync(body).size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(body).pipe(res);
}
