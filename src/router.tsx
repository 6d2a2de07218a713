import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  // Focus the new screen's main region so screen readers announce the navigation.
  defaultViewTransition: false,
});

router.subscribe('onResolved', () => {
  requestAnimationFrame(() => document.getElementById('main')?.focus({ preventScroll: true }));
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
