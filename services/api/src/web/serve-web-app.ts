/**
 * Serves the built web app (frontend/web/dist) on the API's origin: hashed assets cached for a
 * year, index.html never cached, pre-compressed files (brotli, gzip) chosen by Accept-Encoding,
 * client routes answered with index.html (SPA fallback), and a content security policy that allows
 * only what the app uses.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
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
};

/**
 * The app's policy: its own scripts, styles, images (plus blob:/data: for the proof preview) and
 * calls to its own origin (the API and the live-balance stream); no frames, plugins or foreign
 * form targets. Styles set through the DOM (React's style prop) need no 'unsafe-inline'.
 */
export function webAppContentSecurityPolicy(production: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
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
  const policy = webAppContentSecurityPolicy(production);

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
      const hashed = path.startsWith('/assets/');
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      return send(req, res, file);
    }
    // A missing file (has an extension) is a 404, not the app: a browser asking for a script must
    // not get HTML back.
    if (extname(path) !== '' || !existsSync(indexFile)) return next();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', policy);
    return send(req, res, indexFile);
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
