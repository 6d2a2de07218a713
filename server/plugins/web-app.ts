import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { APP_SHELL, chooseLanguage, languageFromCookieHeader, pageFileFor } from '../../contract/prerendered-pages';
import { appPath } from '../paths';

// WEB_DIST_DIR lets a test run serve its own build; normally the app built by `npm run build`.
const distDir = path.resolve(process.env.WEB_DIST_DIR ?? appPath('dist'));

/**
 * Serves the built PWA from the API's port. Hashed assets are immutable; the shell, the service
 * worker and the manifest must be revalidated or an update would never reach installed apps.
 * Any other non-API path is a navigation: a public screen gets its page rendered at build time in the
 * visitor's language (the stored choice, mirrored in a cookie, else Accept-Language), every other
 * path the app shell (index.html), and the client router decides (404 page included).
 */
const existing = new Map<string, boolean>();
const pageExists = (file: string) => {
  let known = existing.get(file);
  if (known === undefined) existing.set(file, (known = fs.existsSync(path.join(distDir, file))));
  return known;
};

/** A certificate's verify page, with a code the registry could know (server/routes/verify.ts). */
const VERIFY_PAGE = /^\/verify\/([A-Za-z0-9-]{1,64})$/;

export default fp(
  async (app) => {
    if (!fs.existsSync(path.join(distDir, 'index.html'))) {
      app.log.warn(`No built app in ${distDir}: run "npm run build" (npm start does it) — serving the API only.`);
      return;
    }
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const rel = path.relative(distDir, filePath).split(path.sep).join('/');
        // The reader's files sit in a folder named after their version (scripts/copy-tesseract-assets.ts).
        if (rel.startsWith('assets/') || /^tesseract\/[^/]+\//.test(rel))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (rel.startsWith('fonts/')) reply.header('Cache-Control', 'public, max-age=604800');
        else reply.header('Cache-Control', 'no-cache');
      },
    });
    // The public forms are painted before the app runs and say method="post", so an early press never
    // puts a password in an address; such a post (nothing is read from it) just reloads the screen.
    await app.register(async (pages) => {
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_req, _body, done) => done(null, {}),
      );
      pages.post('/*', { schema: { hide: true } }, (req, reply) => {
        if (req.url === '/api' || req.url.startsWith('/api/')) return reply.callNotFound();
        // Back to the same screen, as a path of this site only: `//evil.example` or `/\evil.example`
        // would be read by the browser as another host.
        // (Browsers drop tabs and line breaks in a URL before reading it, so those go first.)
        const screen = req.url
          .split('?')[0]!
          // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
          .replace(/[\x00-\x20\x7f]/g, '')
          .replace(/^[/\\]+/, '');
        return reply.redirect(`/${screen}`, 303);
      });
    });
    // With wildcard: false every built file has its own route; whatever reaches this one is an app path.
    app.get('/*', { schema: { hide: true } }, (req, reply) => {
      if (req.url === '/api' || req.url.startsWith('/api/')) return reply.callNotFound();
      // A missing asset (an old page asking for a file of the previous build) is a 404, not the shell.
      if (/^\/assets\/|\.[a-z0-9]{2,5}$/i.test(req.url.split('?')[0]))
        return reply.status(404).type('text/plain').send('Not found');
      const language = chooseLanguage(languageFromCookieHeader(req.headers.cookie), req.headers['accept-language']);
      const pathname = req.url.split('?')[0];
      const page = pageFileFor(pathname, language);
      // A build without its prerendered pages (an older or partial one) still answers with the shell.
      const file = pageExists(page) ? page : APP_SHELL;
      reply.header('Cache-Control', 'no-cache');
      // Caches between us and the phone must keep one copy per language.
      reply.header('Vary', 'Accept-Language, Cookie');
      // The verify page's whole point is the registry's answer: the phone asks for it with the page
      // rather than after the app has started (src/features/verify/api/verify-certificate.ts `askEarly`).
      const code = VERIFY_PAGE.exec(pathname)?.[1];
      if (code) reply.header('Link', `</api/v1/verify/${code}>; rel=preload; as=fetch; crossorigin=anonymous`);
      return reply.sendFile(file.slice(1));
    });
  },
  { name: 'web-app' },
);
