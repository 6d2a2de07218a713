import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

/**
 * One router definition for the browser and for the build-time prerender (which passes a memory
 * history); the browser's router is made in main.tsx.
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    // The prerender has no scroll position to restore (and must not print the inline script for it).
    scrollRestoration: !history,
    defaultViewTransition: false,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  /** What one screen tells the next without putting it in the address. */
  interface HistoryState {
    /** The detail of an application whose answer to an officer has just been sent. */
    answered?: boolean;
  }
}
