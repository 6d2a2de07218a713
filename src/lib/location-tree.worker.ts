import type { Language } from '../../contract/master-data';
import { storeLocationTree } from './location-tree-store';

/**
 * Fetches and stores the place list away from the page: reading half a megabyte of JSON and writing
 * it to IndexedDB are each a long moment on the main thread of a cheap phone, while the citizen may
 * be tapping. Replies `{ stored }` (a new copy was stored) or `{ error }`.
 */
// The app's types are the page's (DOM lib); a worker's scope needs only these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Language>) => void) | null;
  postMessage(reply: LocationTreeReply): void;
};

export type LocationTreeReply = { stored: boolean } | { error: string };

scope.onmessage = ({ data }) => {
  storeLocationTree(data).then(
    (stored) => scope.postMessage({ stored }),
    (err: unknown) => scope.postMessage({ error: String(err) }),
  );
};
