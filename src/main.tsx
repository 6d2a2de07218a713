import './styles/fonts.css';
import './styles/global.css';
import { activateLanguage, i18n, initialLanguage, prefetchSignedInWords } from './lib/i18n';
import { watchConnectivity } from './lib/connectivity';
import { nextTask } from './lib/next-task';
import { registerServiceWorker } from './lib/service-worker';
import { validToken } from './lib/session';
import type { AppRouter } from './router';

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
 * The screen is already painted (a prerendered page or the shell) when this runs, so the start-up
 * goes in steps, each a task of its own (src/start/): the router's code is evaluated, then the
 * routes are matched, then React DOM is evaluated, then the first render works in slices. In one
 * task, a slow phone would spend a few hundred milliseconds deaf to a tap. All of it is downloaded
 * at once (the page asks for the start-up steps' files with the entry's).
 */
async function start() {
  const htmlLanguage = document.documentElement.lang;
  const language = initialLanguage();
  const signedIn = !!validToken();
  // A signed-in screen's guard waits for the signed-in words: ask for them now, alongside the visitor words.
  if (signedIn) prefetchSignedInWords(language);
  const words = activateLanguage(language);
  const routing = import('./start/routing');
  const drawing = import('./start/draw');
  const { createAppRouter } = await routing;
  await nextTask();
  const router = createAppRouter();
  // Focus the new screen's main region so screen readers announce the navigation.
  router.subscribe('onResolved', () => {
    requestAnimationFrame(() => document.getElementById('main')?.focus({ preventScroll: true }));
  });
  await nextTask();
  if (signedIn) {
    // A signed-in screen's code is asked for only once its guard has run: ask for it now.
    for (const match of router.matchRoutes(router.state.location))
      router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])?.catch(() => undefined);
    await nextTask();
  }
  await words;
  // Route chunks, guards and redirects settle before the first render, so hydration sees the final screen.
  await router.load();
  const { draw } = await drawing;
  await nextTask();
  const root = document.getElementById('root')!;
  draw(root, router, drawsPrerenderedPage(root, router, htmlLanguage));
  await nextTask();
  void registerServiceWorker();
  watchConnectivity();
}

void start();
