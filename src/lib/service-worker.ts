import { create } from 'zustand';

/**
 * The service worker is registered after the first render (it must never delay the first screen).
 * A new version waits until the citizen chooses to reload, so a half-filled form is never lost; and
 * even then the reload waits while a request is being sent (`holdUpdates`), so an upload is never
 * cut in the middle by our own update.
 */
export const useAppUpdate = create<{ waiting: boolean; deferred: boolean; apply(): void }>(() => ({
  waiting: false,
  deferred: false,
  apply: () => undefined,
}));

let holds = 0;
let applyWhenFree: (() => void) | null = null;

/** Keeps a new version from reloading the page until the returned function is called. */
export function holdUpdates(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds === 0 && applyWhenFree) {
      const run = applyWhenFree;
      applyWhenFree = null;
      run();
    }
  };
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    const update = () => {
      useAppUpdate.setState({ deferred: false });
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    useAppUpdate.setState({
      waiting: true,
      apply: () => {
        if (holds === 0) return update();
        applyWhenFree = update;
        useAppUpdate.setState({ deferred: true });
      },
    });
  });
  await wb.register();
}
