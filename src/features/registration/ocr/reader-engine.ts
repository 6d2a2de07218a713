/**
 * The recognition engines: tesseract.js workers, one per language model, served from our own
 * /tesseract/ folder (nothing leaves the phone, nothing comes from a CDN). Two workers read in
 * parallel — the digits on one, the Lao text on the other — and are freed after a minute unused.
 */
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { loadReaderAssets, type ReaderAssets } from './reader-assets';

export type Model = 'eng' | 'lao';

/** The engine holds ~100 MB per worker; give it back when the person stops scanning. */
const IDLE_TERMINATE_MS = 60_000;

let workers: Partial<Record<Model, Promise<Worker>>> = {};
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** tesseract.js's options for our own copy of its files. */
export function workerOptions(assets: Pick<ReaderAssets, 'core' | 'worker' | 'languages'>) {
  return {
    workerPath: assets.worker,
    corePath: assets.core,
    langPath: assets.languages,
    // The service worker already caches /tesseract/; tesseract's own IndexedDB cache would store
    // the language data a second time.
    cacheMethod: 'none',
    // A blob: worker could not be controlled by our CSP and service worker.
    workerBlobURL: false,
  };
}

/** The worker for one model, started once (the files are downloaded first, with progress). */
export function engine(model: Model): Promise<Worker> {
  clearTimeout(idleTimer);
  workers[model] ??= (async () => {
    const assets = await loadReaderAssets();
    // LSTM only: the legacy engine has no Lao model worth loading and doubles the download.
    return createWorker(model, OEM.LSTM_ONLY, workerOptions(assets));
  })().catch((error: unknown) => {
    delete workers[model]; // let a retry load it again, e.g. once back online
    throw error;
  });
  return workers[model]!;
}

/** Starts both engines ahead of the reading (the citizen is about to photograph the card). */
export function warmUpEngines(): void {
  void Promise.all([engine('eng'), engine('lao')]).then(releaseLater, () => undefined);
}

/** Frees the engines after a minute of no use; a retake within it reads at once. */
export function releaseLater(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void terminateEngines(), IDLE_TERMINATE_MS);
}

/** Frees the engines now, e.g. when the registration screen is left. */
export async function terminateEngines(): Promise<void> {
  clearTimeout(idleTimer);
  const current = Object.values(workers);
  workers = {};
  await Promise.all(current.map(async (w) => (await w.catch(() => undefined))?.terminate()));
}
