import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { createLogger } from '@kobo/platform';
import { createHttpApp, createRouteRegistry } from '../../src/http';
import { inlineSourceHashes, serveWebApp } from '../../src/web/serve-web-app';
import { webBuildIsStale } from '../../src/web/ensure-web-build';

function buildFolder() {
  const dist = mkdtempSync(join(tmpdir(), 'kobo-dist-'));
  mkdirSync(join(dist, 'assets'));
  const script = 'console.log("kobo");'.repeat(50);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  mkdirSync(join(dist, 'pages'));
  writeFileSync(
    join(dist, 'pages', 'index.html'),
    '<!doctype html><script>theme()</script><style>h1{color:green}</style>' +
      '<div id="root" data-prerendered><h1 style="font-family:&quot;Noto Sans&quot;">Earn naira</h1></div>',
  );
  writeFileSync(
    join(dist, 'pages', 'about.html'),
    '<!doctype html><div id="root" data-prerendered>About Kobo</div>',
  );
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Kobo"}');
  return { dist, script };
}

function appServing(dist: string, production = false) {
  const registry = createRouteRegistry({});
  registry.route({
    method: 'get',
    path: '/ping',
    summary: 'ping',
    access: 'public',
    responses: { 200: { description: 'pong' } },
    handler: () => ({ pong: true }),
  });
  const { app } = createHttpApp({
    logger: createLogger('silent'),
    webOrigin: 'http://localhost:8080',
    registry,
    apiInfo: { title: 't', version: '1' },
    extraRoutes: (a) => a.get('/healthz', (_req, res) => void res.json({ status: 'ok' })),
    webApp: serveWebApp({ distDir: dist, production }),
  });
  return request(app);
}

describe('the web app on the API origin', () => {
  const { dist, script } = buildFolder();
  const http = appServing(dist);

  it('answers client routes with index.html, never cached, under a strict policy', async () => {
    for (const path of ['/dashboard', '/dashboard/tasks', '/reset-password/abc', '/faq']) {
      const res = await http.get(path).expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-store');
      const policy = res.headers['content-security-policy'];
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/unsafe-(inline|eval)/);
      expect(policy).not.toContain('upgrade-insecure-requests');
    }
  });

  it('answers the pre-rendered public pages with their HTML, allowing their inline sources by hash', async () => {
    const home = await http.get('/').expect(200);
    expect(home.text).toContain('Earn naira');
    expect(home.headers['cache-control']).toBe('no-store');
    const policy = String(home.headers['content-security-policy']);
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(policy).toContain(`script-src 'self' ${sha('theme()')}`);
    expect(policy).toContain(
      `style-src 'self' ${sha('h1{color:green}')} 'unsafe-hashes' ${sha('font-family:"Noto Sans"')}`,
    );
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);

    const about = await http.get('/about').expect(200);
    expect(about.text).toContain('About Kobo');
    // Asked for by name (the service worker's precache): the same policy and caching.
    const byName = await http.get('/pages/index.html').expect(200);
    expect(byName.headers['cache-control']).toBe('no-store');
    expect(byName.headers['content-security-policy']).toBe(policy);
  });

  it('hashes each inline source once, and no script with a src', () => {
    const hashes = inlineSourceHashes(
      '<script type="module" src="/a.js"></script><script>a()</script><script>a()</script><noscript><link></noscript>' +
        '<style>x{}</style><p style="color:red"></p><p style="color:red"></p>',
    );
    expect(hashes.scripts).toHaveLength(1);
    expect(hashes.styles).toHaveLength(1);
    expect(hashes.styleAttributes).toHaveLength(1);
  });

  it('has the service worker and the manifest checked on every use', async () => {
    const worker = await http.get('/sw.js').expect(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^text\/javascript/);
    const manifest = await http.get('/manifest.webmanifest').expect(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
  });

  it('upgrades insecure requests in production', async () => {
    const res = await appServing(dist, true).get('/').expect(200);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('caches hashed assets for a year and sends their pre-compressed twin', async () => {
    const br = await http.get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.text).toBe(script);

    const gzip = await http.get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(script);

    const plain = await http.get('/assets/index-abc123.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.text).toBe(script);
  });

  it('caches unhashed files briefly', async () => {
    const res = await http.get('/favicon.svg').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers a missing file with 404, not with the app', async () => {
    const res = await http.get('/assets/gone-123.js').expect(404);
    expect(res.text).not.toContain('<div id="root">');
  });

  it('leaves the API and the probes alone', async () => {
    await http.get('/api/ping').expect(200, { pong: true });
    const missing = await http.get('/api/nowhere').expect(404);
    expect(missing.type).toBe('application/problem+json');
    await http.get('/healthz').expect(200, { status: 'ok' });
    await http.post('/dashboard').expect(404);
  });

  it('does not serve files outside the build folder', async () => {
    writeFileSync(join(dist, '..', 'kobo-outside.txt'), 'CONTENT-OUTSIDE-THE-BUILD');
    for (const path of ['/..%2Fkobo-outside.txt', '/assets/..%2F..%2Fkobo-outside.txt']) {
      const res = await http.get(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('CONTENT-OUTSIDE-THE-BUILD');
    }
  });
});

describe('npm start builds the web app when it must', () => {
  it('is stale when the build is missing or older than a source file', () => {
    const app = mkdtempSync(join(tmpdir(), 'kobo-web-'));
    mkdirSync(join(app, 'src'));
    writeFileSync(join(app, 'src', 'main.tsx'), 'x');
    expect(webBuildIsStale(app)).toBe(true);

    mkdirSync(join(app, 'dist'));
    writeFileSync(join(app, 'dist', 'index.html'), 'built');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(app, 'src', 'main.tsx'), past, past);
    utimesSync(join(app, 'src'), past, past);
    expect(webBuildIsStale(app)).toBe(false);

    writeFileSync(join(app, 'src', 'main.tsx'), 'edited');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(app, 'src', 'main.tsx'), future, future);
    expect(webBuildIsStale(app)).toBe(true);
  });
});
