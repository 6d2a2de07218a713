import { lazy, Suspense } from 'react';
import { useAppUpdate } from '../../lib/service-worker';

// Loaded only when an update waits: it is on every screen but rarely shown, and its button
// (react-aria) must not weigh on a visitor's first screen.
const UpdateBanner = lazy(() => import('./update-banner'));

/** Offered when a new version of the app has been downloaded in the background. */
export function UpdatePrompt() {
  const waiting = useAppUpdate((s) => s.waiting);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner />
    </Suspense>
  );
}
