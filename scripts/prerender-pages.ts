/**
 * Vite plugin: after the client build is written (and before vite-plugin-pwa lists the files to
 * precache), renders the public screens to dist/pages/NAME.LANG.html and turns dist/index.html into
 * the signed-in app shell. Each page carries its critical CSS inline (beasties keeps only the rules
 * its markup uses) and the Lao font's @font-face, and asks for the app (scripts and the full
 * stylesheet) only once it has been painted (contract/start-app-script.ts): on a slow line nothing
 * shares the page's first round trips. Lao pages preload the Lao font, which their first words need.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import Beasties from 'beasties';
import { LANGUAGES, type Language } from '../contract/master-data';
import { PRERENDERED_PAGES } from '../contract/prerendered-pages';
import { START_APP_SCRIPT, type StartAppFiles } from '../contract/start-app-script';
import { pageChunks, startChunks } from './page-chunks';

const SSR_OUT = 'node_modules/.cache/prerender';

interface RenderModule {
  renderPage(url: string, language: Language, signedIn?: boolean): Promise<{ html: string; title: string }>;
  renderAppShell(): string;
}

/** A visitor's empty device: no session in localStorage, no drafts in IndexedDB. */
async function emptyBrowserStorage() {
  // @ts-expect-error its types are not exported for the 'auto' entry
  await import('fake-indexeddb/auto');
  const store = new Map<string, string>();
  (globalThis as { localStorage?: Storage }).localStorage = {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => void store.set(k, String(v)),
    removeItem: (k) => void store.delete(k),
    clear: () => store.clear(),
    key: (i) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  };
}

function page(
  template: string,
  {
    language,
    title,
    root,
    routeId,
    head,
    inert,
  }: { language: Language; title: string; root: string; routeId?: string; head?: string; inert?: boolean },
) {
  const attributes = `${routeId ? ` data-route="${routeId}"` : ''}${inert ? ' inert' : ''}`;
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>${head ?? ''}`)
    .replace('<div id="root"></div>', `<div id="root"${attributes}>${root}</div>`);
}

/**
 * Takes out the tags that would fetch the app while the page is still on its way (Vite's entry
 * script and module preloads, the stylesheet beasties left at the end of the body) and ends the
 * body with the script that asks for the same files once the page is painted, with `more`: the
 * start-up steps the entry imports on its own, and the page's own route and catalogue chunks
 * (scripts/page-chunks.ts).
 */
function startAfterPaint(
  html: string,
  fontFaces: string,
  more: { modules: string[]; styles: string[] } = { modules: [], styles: [] },
): string {
  const files: StartAppFiles = { entry: '', modules: [], styles: [] };
  const out = html
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g, (_m, src: string) => {
      files.entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_m, href: string) => {
      files.modules.push(href);
      return '';
    })
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g, (_m, href: string) => {
      files.styles.push(href);
      return '';
    })
    .replace('<style>', `<style>${fontFaces}`);
  if (!files.entry || !files.styles.length)
    throw new Error('prerender: the built HTML has no entry script or stylesheet to start after paint');
  if (/<script type="module"|rel="(modulepreload|stylesheet)"/.test(out))
    throw new Error('prerender: a script or stylesheet tag was left in the page');
  files.modules = [...new Set([...files.modules, ...more.modules])].filter((f) => f !== files.entry);
  files.styles = [...new Set([...files.styles, ...more.styles])];
  const start = `<script data-entry="${files.entry}" data-modules="${files.modules.join(' ')}" data-styles="${files.styles.join(' ')}">${START_APP_SCRIPT}</script>`;
  return out.replace('</body>', `${start}</body>`);
}

export function prerenderPages(): Plugin {
  let outDir = 'dist';
  let configFile: string | undefined;
  return {
    name: 'prerender-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(_options, bundle) {
        await build({ configFile, logLevel: 'warn', build: { ssr: 'src/prerender/render-page.tsx' } });
        await emptyBrowserStorage();
        const render = (await import(
          pathToFileURL(path.resolve(SSR_OUT, 'render-page.js')).href + `?t=${Date.now()}`
        )) as RenderModule;
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const assets = fs.readdirSync(path.join(outDir, 'assets'));
        const beasties = new Beasties({
          path: outDir,
          publicPath: '/',
          // Every stylesheet of the app is a candidate: a route's own CSS is linked only by its chunk.
          additionalStylesheets: assets.filter((f) => f.endsWith('.css')).map((f) => `/assets/${f}`),
          preload: 'body',
          inlineFonts: true,
          preloadFonts: false,
          pruneSource: false,
          logLevel: 'warn',
        });
        // The Lao typeface's rules (src/styles/fonts.css), inline: beasties cannot tell they are used
        // (the font family is a custom property), and the full stylesheet comes after the paint.
        const fontFaces = [
          ...new Set(
            assets
              .filter((f) => f.endsWith('.css'))
              .flatMap(
                (f) => fs.readFileSync(path.join(outDir, 'assets', f), 'utf8').match(/@font-face\{[^}]*\}/g) ?? [],
              ),
          ),
        ].join('');
        const laoFonts = assets.filter((f) => /^noto-sans-lao-lao-(400|700)-normal-.*\.woff2$/.test(f));
        const laoPreload = laoFonts
          .map((f) => `<link rel="preload" as="font" type="font/woff2" href="/assets/${f}" crossorigin>`)
          .join('');

        const start = startChunks(bundle);
        const withStart = (more: { modules: string[]; styles: string[] }) => ({
          modules: [...start.modules, ...more.modules],
          styles: [...start.styles, ...more.styles],
        });
        fs.mkdirSync(path.join(outDir, 'pages'), { recursive: true });
        for (const { name, url, routeId, frame } of PRERENDERED_PAGES) {
          for (const language of LANGUAGES) {
            const { html, title } = await render.renderPage(url, language, frame);
            const doc = page(template, {
              language,
              title,
              root: html,
              // A frame carries no route: the app draws its screen afresh (main.tsx). Until then it is
              // inert: its buttons have no code yet, and a tap on one would be lost without a word.
              routeId: frame ? undefined : routeId,
              inert: frame,
              head: language === 'lo' ? laoPreload : '',
            });
            fs.writeFileSync(
              path.join(outDir, 'pages', `${name}.${language}.html`),
              startAfterPaint(await beasties.process(doc), fontFaces, withStart(pageChunks(bundle, routeId, language))),
            );
          }
        }
        // The app shell has no words: its lang is set by the app once it knows the language.
        const shell = await beasties.process(
          page(template, { language: 'en', title: 'Lao e-Government', root: render.renderAppShell() }),
        );
        fs.writeFileSync(path.join(outDir, 'index.html'), startAfterPaint(shell, fontFaces, start));
      },
    },
  };
}
