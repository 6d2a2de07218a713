/**
 * The card reader's files (engine and Lao language data, several MB): downloaded once, with the
 * bytes counted so the screen can show a real progress bar on a slow line, and kept by the
 * service worker's cache (sw/ocr-cache.ts) for every later reading, offline too.
 *
 * `prefetchReaderAssets()` starts the download in the background when the citizen opens
 * registration; the reading then waits for the same download instead of starting another.
 */
import { relaxedSimd, simd } from 'wasm-feature-detect';

export const ASSET_BASE = '/tesseract/';

/** What scripts/copy-tesseract-assets.ts lists in files.json: the files are under `version`/. */
interface AssetList {
  version: string;
  files: { name: string; bytes: number }[];
}

export interface DownloadState {
  status: 'idle' | 'downloading' | 'done' | 'failed';
  loaded: number;
  total: number;
}

export interface ReaderAssets {
  /** URL of the engine build this browser runs. */
  core: string;
  worker: string;
  /** Folder of the language data (gzip). */
  languages: string;
  /** Lao syllables and syllable pairs (lao-lexicon.ts). */
  lexicon: string;
}

/** The Lao lexicon's file name among the reader's files. */
export const LEXICON_FILE = 'lao-lexicon.txt';

/** The language models the reading uses (card-reading.ts). */
export const READER_LANGUAGES = ['lao', 'eng'] as const;

let state: DownloadState = { status: 'idle', loaded: 0, total: 0 };
const listeners = new Set<() => void>();
let download: Promise<ReaderAssets> | undefined;

function setState(next: DownloadState) {
  state = next;
  for (const listener of listeners) listener();
}

export function downloadState(): DownloadState {
  return state;
}

export function subscribeDownload(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function assetUrl(name: string): string {
  return new URL(`${ASSET_BASE}${name}`, globalThis.location.href).href;
}

/** The fastest engine build this browser can run (the same choice tesseract.js would make). */
async function coreName(): Promise<string> {
  if (await relaxedSimd()) return 'tesseract-core-relaxedsimd-lstm.wasm.js';
  if (await simd()) return 'tesseract-core-simd-lstm.wasm.js';
  return 'tesseract-core-lstm.wasm.js';
}

/**
 * Reads a response to the end, reporting each chunk's size. The bytes themselves are not kept:
 * the fetch has put them in the caches, where the reader's worker finds them.
 */
async function readCounting(response: Response, onChunk: (bytes: number) => void): Promise<void> {
  if (!response.body) {
    onChunk((await response.arrayBuffer()).byteLength);
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk(value.length);
  }
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/**
 * Downloads (or takes from the cache) the engine and language data, once per page, counting the
 * bytes. The reader's worker then loads the same URLs from the service worker's cache (or, before
 * the service worker controls the page, from the HTTP cache: the server lets them be kept a week).
 */
export function loadReaderAssets(): Promise<ReaderAssets> {
  download ??= (async () => {
    const list = (await (await fetchOk(assetUrl('files.json'))).json()) as AssetList;
    const url = (name: string) => assetUrl(`${list.version}/${name}`);
    const core = await coreName();
    const wanted = ['worker.min.js', core, ...READER_LANGUAGES.map((l) => `${l}.traineddata.gz`), LEXICON_FILE];
    const sizes = new Map(list.files.map((f) => [f.name, f.bytes]));
    let loaded = 0;
    const total = wanted.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0);
    setState({ status: 'downloading', loaded, total });
    // Decoded bytes are counted against decoded sizes: a compressed transfer only moves faster.
    await Promise.all(
      wanted.map(async (name) =>
        readCounting(await fetchOk(url(name)), (bytes) => {
          loaded += bytes;
          setState({ status: 'downloading', loaded: Math.min(loaded, total), total });
        }),
      ),
    );
    setState({ status: 'done', loaded: total, total });
    return { core: url(core), worker: url('worker.min.js'), languages: url(''), lexicon: url(LEXICON_FILE) };
  })().catch((error: unknown) => {
    download = undefined; // a later reading (e.g. back online) tries again
    setState({ status: 'failed', loaded: 0, total: 0 });
    throw error;
  });
  return download;
}

/**
 * Starts the download in the background, unless the citizen asked the browser to save data
 * (then it happens only when a card is read).
 */
export function prefetchReaderAssets(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  void loadReaderAssets().catch(() => undefined);
}
