/**
 * What a phone on a weak network gets first, decided at build time:
 *
 * - Blueprint's stylesheet (about 35 KB gzip) becomes a file of its own, linked so that it never
 *   blocks the first paint (media="print", switched to all media once loaded by an inline script;
 *   a <noscript> link without JavaScript). The app's own base styles are inlined in every page.
 * - The public pages (src/prerender/render.tsx) are rendered to HTML with react-dom/server and
 *   written as dist/pages/<page>.html (the home page as pages/index.html), each with the CSS it
 *   shows inlined: the rules of Blueprint and of the public pages' stylesheets whose classes its
 *   HTML uses. The server sends them for their paths (services/api serve-web-app.ts); the browser
 *   hydrates them: the site pages with the light entry (src/app/site-main.tsx), their HTML
 *   preloading its code and the page's, the sign-in and sign-up pages with the full app (main.tsx).
 * - dist/index.html is the app shell of every other route: the frame and skeletons of the
 *   signed-in area, drawn by HTML and CSS alone until the page's code runs.
 * - Every page sets its theme (the saved choice, else the device's) before its first paint.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { transform } from 'lightningcss';
import postcss, { type AtRule, type Container, type Rule } from 'postcss';
import { build, type Plugin } from 'vite';
import { brandBlueprint, rebrandBlueprintCss } from './vite-brand-blueprint.ts';
import { iconSprite } from './vite-icon-paths.ts';

/** The theme before the first paint: at the start of <body>, so Blueprint's dark class fits too. */
export const THEME_SCRIPT =
  "(function(){var d=document,r=d.documentElement,t='light';try{var c=localStorage.getItem('kobo.theme');" +
  "t=c==='dark'||c==='light'?c:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}catch(e){}" +
  "r.setAttribute('data-theme',t);r.style.colorScheme=t;if(t==='dark')d.body.classList.add('bp6-dark')})()";

/**
 * Holds a form sent before the app has hydrated (src/shared/pwa/typed-before-ready.ts sends it again
 * once it has): without it, Enter in a pre-rendered form reloads the page and loses what was typed.
 */
export const HELD_SUBMIT_SCRIPT =
  "document.addEventListener('submit',function(e){if(!window.koboReady){e.preventDefault();" +
  'window.koboHeldSubmit=e.target}},true)';

/** Switches the asynchronously loaded stylesheets to all media once they are in. */
export const ASYNC_CSS_SCRIPT =
  "document.querySelectorAll('link[data-kobo-async-css]').forEach(function(l){function a(){l.media='all'}" +
  "l.sheet?a():l.addEventListener('load',a)})";

/** Every class named in an HTML document's class attributes. */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** The classes a selector needs on the page (those inside :not(...) excepted). */
function classesOfSelector(selector: string): string[] {
  const positive = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  return [...positive.matchAll(/\.((?:[\w-]|\\.)+)/g)].map((match) => match[1]!.replace(/\\/g, ''));
}

/**
 * The rules of a stylesheet that can apply to a page using these classes: a selector stays when
 * every class it needs is used (selectors without classes stay); rules, media and supports blocks
 * left empty go. Other at-rules (keyframes, font faces, layers' order) stay as they are.
 */
export function pruneCss(css: string, classes: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type === 'rule') {
        const rule = node as Rule;
        if ((rule.parent as AtRule | undefined)?.name?.endsWith('keyframes')) return;
        const kept = rule.selectors.filter((selector) =>
          classesOfSelector(selector).every((name) => classes.has(name)),
        );
        if (kept.length === 0) rule.remove();
        else if (kept.length !== rule.selectors.length) rule.selectors = kept;
      } else if (node.type === 'atrule') {
        const at = node as AtRule;
        if (!['media', 'supports', 'layer', 'container'].includes(at.name) || !at.nodes) return;
        prune(at);
        if (at.nodes.length === 0) at.remove();
      }
    });
  };
  prune(root);
  return root.toString();
}

const minify = (css: string) =>
  transform({ filename: 'x.css', code: Buffer.from(css), minify: true }).code.toString();

/** The file of a public page: '/' → pages/index.html, '/about' → pages/about.html. */
export const pageFile = (path: string) => `pages/${path === '/' ? 'index' : path.slice(1)}.html`;

interface Renderer {
  PRERENDERED_PATHS: readonly string[];
  render(path: string): Promise<{ html: string; title?: string }>;
  lightPageSources(path: string): string[] | null;
}

interface ChunkLinks {
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

/** A chunk's file and every file it imports statically, transitively. */
function withStaticImports(chunks: Map<string, ChunkLinks>, fileName: string, into = new Set<string>()) {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const next of chunks.get(fileName)?.imports ?? []) withStaticImports(chunks, next, into);
  return into;
}

export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  let ssr = false;
  let blueprintRef = '';
  let blueprintFile = '';
  /** The CSS files of the chunks that carry the public pages (site, account, shared). */
  const publicCss = new Set<string>();

  return {
    name: 'kobo-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      if (ssr) return;
      const source = readFileSync(
        createRequire(join(root, 'package.json')).resolve('@blueprintjs/core/lib/css/blueprint.css'),
        'utf8',
      );
      blueprintRef = this.emitFile({
        type: 'asset',
        name: 'blueprint.css',
        source: minify(rebrandBlueprintCss(source)),
      });
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      blueprintFile = this.getFileName(blueprintRef);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const publicModule = chunk.moduleIds.some((id) =>
          /\/src\/(features\/(site|account)|shared|app)\//.test(id),
        );
        if (!publicModule) continue;
        for (const css of chunk.viteMetadata?.importedCss ?? []) publicCss.add(css);
      }
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        if (ssr) return;
        const shellFile = join(outDir, 'index.html');
        let shell = readFileSync(shellFile, 'utf8');

        // The entry's stylesheet (the app's base styles) inlined; Blueprint's linked, not blocking.
        const entryCss: string[] = [];
        shell = shell.replace(
          /\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (_link, file: string) => {
            entryCss.push(readFileSync(join(outDir, file), 'utf8'));
            return '';
          },
        );
        const blueprintHref = `/${blueprintFile}`;
        shell = shell.replace(
          '</head>',
          `  <style data-kobo-base>${entryCss.join('\n')}</style>\n` +
            `    <link rel="preload" as="style" href="${blueprintHref}">\n` +
            `    <link rel="stylesheet" href="${blueprintHref}" media="print" data-kobo-async-css>\n` +
            `    <script>${ASYNC_CSS_SCRIPT}</script>\n` +
            `    <noscript><link rel="stylesheet" href="${blueprintHref}"></noscript>\n` +
            `  </head>`,
        );
        shell = shell.replace(
          /<body>/,
          `<body>\n    <script>${THEME_SCRIPT}</script>\n    <script>${HELD_SUBMIT_SCRIPT}</script>`,
        );
        shell = shell.replace(/\s*<!--[\s\S]*?-->/g, '');
        writeFileSync(shellFile, shell);

        // The light entry of the site pages: a build of its own, so that its chunks carry only what
        // it uses (the full app's router shares no chunk with it), written beside the app's files.
        const chunks = new Map<string, ChunkLinks>();
        await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: [
            brandBlueprint(),
            iconSprite(),
            react(),
            {
              name: 'kobo-light-chunks',
              // Once written: the chunks that carried only CSS are gone by then.
              writeBundle(_options, bundle) {
                for (const chunk of Object.values(bundle))
                  if (chunk.type === 'chunk')
                    chunks.set(chunk.fileName, {
                      fileName: chunk.fileName,
                      facadeModuleId: chunk.facadeModuleId,
                      imports: chunk.imports,
                    });
              },
            },
          ],
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            assetsDir: 'assets',
            rollupOptions: { input: { 'site-main': join(root, 'src/app/site-main.tsx') } },
          },
        });

        // The public pages, rendered by the same code in Node.
        const ssrDir = join(root, 'node_modules', '.kobo-prerender');
        rmSync(ssrDir, { recursive: true, force: true });
        await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: [iconSprite(), react()],
          build: {
            ssr: 'src/prerender/render.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            minify: false,
            copyPublicDir: false,
          },
          ssr: { noExternal: true },
        });
        const entry = readdirSync(ssrDir).find((name) => /^render\.m?js$/.test(name));
        if (!entry) throw new Error(`the pre-rendering build wrote no render.js in ${ssrDir}`);
        const renderer = (await import(pathToFileURL(join(ssrDir, entry)).href)) as Renderer;

        const blueprintCss = readFileSync(join(outDir, blueprintFile), 'utf8');
        const pageCss = [...publicCss].map((file) => readFileSync(join(outDir, file), 'utf8'));
        const base = shell
          .replace(/<style data-kobo-base>[\s\S]*?<\/style>/, '')
          .replace(/\s*<style data-kobo-shell>[\s\S]*?<\/style>/, '');
        const lightEntry = [...chunks.values()].find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/app/site-main.tsx'),
        );
        if (!lightEntry) throw new Error('the build has no chunk for src/app/site-main.tsx');
        const chunkOf = (source: string) => {
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/src/${source}`));
          if (!chunk) throw new Error(`the build has no chunk of its own for src/${source}`);
          return chunk.fileName;
        };
        for (const path of renderer.PRERENDERED_PATHS) {
          const { html, title } = await renderer.render(path);
          const sources = renderer.lightPageSources(path);
          // Blueprint's dark class may be set on <body> before the first paint (THEME_SCRIPT).
          const classes = classesInHtml(`${html}<body class="bp6-dark">`);
          const critical = minify(pruneCss([blueprintCss, ...entryCss, ...pageCss].join('\n'), classes));
          let page = base
            .replace(
              /<div id="root"[^>]*>[\s\S]*<\/div>(\s*<\/body>)/,
              `<div id="root" data-prerendered>${html}</div>$1`,
            )
            .replace('</head>', `  <style>${critical}</style>\n  </head>`);
          if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
          if (sources) {
            // The light entry instead of the app's, its code and the page's fetched at once.
            const files = withStaticImports(chunks, lightEntry.fileName);
            for (const source of sources) withStaticImports(chunks, chunkOf(source), files);
            files.delete(lightEntry.fileName);
            const tags =
              `<script type="module" crossorigin src="/${lightEntry.fileName}"></script>` +
              [...files]
                .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`)
                .join('');
            page = page
              .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
              .replace(/<script type="module"[^>]*><\/script>/, () => tags);
            if (!page.includes(tags)) throw new Error(`${path}: the app's script tag was not found`);
          }
          const file = join(outDir, pageFile(path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, page);
        }
        rmSync(ssrDir, { recursive: true, force: true });
        if (!existsSync(join(outDir, pageFile('/')))) throw new Error('the home page was not pre-rendered');
      },
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
