import type { Fee } from '../../contract/application';
import { api } from './api-client';
import { onBackOnline, useConnectivity } from './connectivity';
import { currentLanguage } from './i18n';
import { keepLocationTree } from './location-tree';
import { fetchBanks, fetchSupportContacts } from './master-data';
import { useSession } from './session';

/**
 * What a signed-in citizen needs before going offline, fetched once per session and language while
 * the phone has nothing else to do: the whole place list (step 1 for any district), the fee
 * ("Make payment"), the banks with their logos and the support contacts (customer services).
 * The fee is kept by the page (offline-data), the others by the service worker's master-data cache.
 */
let keptFor: string | null = null;
let retryWhenOnline: (() => void) | null = null;

// Not before the screen has drawn its own answers: the browser is idle between two of them while
// the first screen is still loading, and fifteen downloads there would hold its data back on a slow
// line. Safari has no requestIdleCallback: a few seconds more will do.
const whenIdle = (work: () => void) =>
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 10_000 });
    else setTimeout(work, 3_000);
  }, 3_000);

export function keepReferenceData(): void {
  const { token, role } = useSession.getState();
  const key = `${token}:${currentLanguage()}`;
  if (!token || role !== 'citizen' || keptFor === key) return;
  keptFor = key;
  whenIdle(() => {
    if (useConnectivity.getState().status === 'offline') {
      keptFor = null;
      retryWhenOnline ??= onBackOnline(() => keepReferenceData());
      return;
    }
    void Promise.allSettled([
      keepLocationTree(currentLanguage()),
      api<{ data: Fee }>('/v1/citizen/resident-certificate/fee'),
      fetchSupportContacts(),
      // The logos are images: asking for them once puts them in the worker's cache too.
      fetchBanks().then((banks) => Promise.allSettled(banks.map((b) => fetch(b.bank_logo)))),
    ]).then((results) => {
      if (results.some((r) => r.status === 'rejected') && keptFor === key) keptFor = null;
    });
  });
}
