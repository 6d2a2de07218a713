import { useEffect } from 'react';

// Apart from use-card-reader.ts: the first registration step uses this alone, and that file brings
// the card's parsing (and valibot) with it.

/**
 * Starts downloading the reader in the background (engine and Lao data, several MB), so the card
 * is read at once when the citizen gets to it. `onInteraction`: only once the citizen starts
 * filling the screen, so a mere visit of the page costs no data.
 */
export function usePrefetchReader(onInteraction = false) {
  useEffect(() => {
    const start = () => void import('../ocr/reader-assets').then((m) => m.prefetchReaderAssets());
    if (!onInteraction) {
      start();
      return undefined;
    }
    // Not focus: the screen moves focus itself on arrival; a tap, a key or typed text is the citizen.
    const events = ['pointerdown', 'keydown', 'input'] as const;
    const once = () => {
      events.forEach((e) => window.removeEventListener(e, once));
      start();
    };
    events.forEach((e) => window.addEventListener(e, once, { passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, once));
  }, [onInteraction]);
}
