import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import './styles/fonts.css';
import './styles/global.css';
import { activateLanguage, i18n, initialLanguage, prefetchSignedInWords } from './lib/i18n';
import { validToken } from './lib/session';
import { createAppRouter, type AppRouter } from './router';
import { registerServiceWorker } from './lib/service-worker';
import { watchConnectivity } from './lib/connectivity';

/**
 * The prerendered markup (dist/pages/…) is hydrated only when the app would draw exactly it: the
 * same route, in the same language, with no query (a ?reset=success banner is not in the file).
 * Otherwise — a signed-in citizen on /login, whom the guard sends to /home, or the app shell of a
 * signed-in screen — the app draws the screen afresh over it.
 */
function drawsPrerenderedPage(root: HTMLElement, router: AppRouter, htmlLanguage: string): boolean {
  const { location, matches } = router.state;
  return (
    !!root.dataset.route &&
    root.dataset.route === matches.at(-1)?.routeId &&
    htmlLanguage === i18n.locale &&
    !location.searchStr
  );
}

/**
 * Marks <html data-app-started> once the first screen is live (hydrated or drawn): before that, a
 * screen painted from prerendered HTML shows but does not answer yet. Draws nothing.
 */
function AppStarted() {
  useEffect(() => {
    document.documentElement.dataset.appStarted = '';
  }, []);
  return null;
}

async function start() {
  const htmlLanguage = document.documentElement.lang;
  const language = initialLanguage();
  const router = createAppRouter();
  if (validToken()) {
    // A signed-in screen's guard waits for the signed-in words, and only then is its code asked
    // for: ask for both now, alongside the visitor words, rather than one after the other.
    prefetchSignedInWords(language);
    for (const match of router.matchRoutes(router.state.location))
      router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])?.catch(() => undefined);
  }
  await activateLanguage(language);
  // Focus the new screen's main region so screen readers announce the navigation.
  router.subscribe('onResolved', () => {
    requestAnimationFrame(() => document.getElementById('main')?.focus({ preventScroll: true }));
  });
  // Route chunks, guards and redirects settle before the first render, so hydration sees the final screen.
  await router.load();
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
        <AppStarted />
      </I18nProvider>
    </StrictMode>
  );
  // As a transition, the first render works in slices and yields to the browser between them: the
  // screen is already painted (prerendered page or shell), and a tap need not wait for one long task.
  if (drawsPrerenderedPage(root, router, htmlLanguage)) {
    // Render the tree the build-time render drew (no root Suspense boundary), or React would refuse the markup.
    router.ssr = { manifest: undefined };
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    // A signed-in screen's frame is inert until drawn (scripts/prerender-pages.ts).
    root.removeAttribute('inert');
    startTransition(() => {
      createRoot(root).render(app);
    });
  }
  void registerServiceWorker();
  watchConnectivity();
}

void start();
