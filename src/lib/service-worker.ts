import { create } from 'zustand';

/**
 * The service worker is registered after the first render (it must never delay the first screen).
 * A new version waits until the citizen chooses to reload, so a half-filled form is never lost.
 */
export const useAppUpdate = create<{ waiting: boolean; apply(): void }>(() => ({ waiting: false, apply: () => undefined }));

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    useAppUpdate.setState({
      waiting: true,
      apply: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  await wb.register();
}
