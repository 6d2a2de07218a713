/**
 * A start-up step (src/main.tsx): React DOM and the app's root, which hydrates the prerendered page
 * or draws the screen afresh. Imported on its own, so that evaluating React DOM is a task of its own;
 * the prerendered pages ask for it with the entry (scripts/page-chunks.ts `startChunks`).
 */
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from '../lib/i18n';
import type { AppRouter } from '../router';

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

/**
 * `hydrate`: the markup in `root` is the very screen the app draws (the prerendered page). As a
 * transition, the first render works in slices and yields to the browser between them: the screen
 * is already painted (prerendered page or shell), and a tap need not wait for one long task.
 */
export function draw(root: HTMLElement, router: AppRouter, hydrate: boolean): void {
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
        <AppStarted />
      </I18nProvider>
    </StrictMode>
  );
  if (hydrate) {
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
}
