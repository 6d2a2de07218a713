import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { matchAddress } from '../api/match-address';
import { lacksCardDetail, mergeReading, prefillFrom, withPlaces } from '../prefill';
import { roomFor } from '../../../lib/persistent-storage';
import { useRegistrationDraft } from '../stores/registration-draft';
import type { DownloadState } from '../ocr/reader-assets';
import type * as ReaderAssets from '../ocr/reader-assets';

export type ReaderState =
  | { status: 'idle' }
  | { status: 'reading'; progress: number }
  /** `small`: a name, the number or the date was left empty, and the card's print is small in the photo. */
  | { status: 'done'; found: number; small?: boolean }
  | { status: 'failed' }
  /** The device has no room left to keep the photo in the draft. */
  | { status: 'no-room' };

/**
 * Reads a new ID card photo on the device (tesseract.js in workers, loaded only now) and puts
 * what it finds into the draft. A failure never blocks registration: the citizen types instead.
 */
export function useCardReader() {
  const [state, setState] = useState<ReaderState>({ status: 'idle' });
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current++;
    },
    [],
  );

  const read = useCallback(async (image: Blob) => {
    const mine = ++run.current;
    setState({ status: 'reading', progress: 0 });
    const kept = await smallCopy(image);
    if (mine !== run.current) return;
    if (!(await roomFor(kept.size))) {
      setState({ status: 'no-room' });
      return;
    }
    const { update } = useRegistrationDraft.getState();
    update({ image: kept, reading: 'none' });
    try {
      const { readIdCard } = await import('../ocr/read-id-card');
      const reading = await readIdCard(
        image,
        (progress) => mine === run.current && setState({ status: 'reading', progress }),
      );
      if (mine !== run.current) return; // a newer photo was taken meanwhile
      const read = prefillFrom(reading.fields);
      // The address names the places of the selects; offline or unsure, the citizen chooses them.
      const match = read.values.address ? await matchAddress(read.values.address).catch(() => null) : null;
      if (mine !== run.current) return;
      const found = withPlaces(read, match);
      const draft = useRegistrationDraft.getState();
      draft.update({
        reading: 'read',
        personal: mergeReading(draft.personal, draft.prefilled, found),
        prefilled: found.prefilled,
        placeCandidates: found.candidates,
      });
      setState({
        status: 'done',
        found: Object.keys(found.prefilled).length,
        small: reading.smallPrint === true && lacksCardDetail(found.prefilled),
      });
    } catch {
      if (mine !== run.current) return;
      const draft = useRegistrationDraft.getState();
      draft.update({
        reading: 'failed',
        personal: mergeReading(draft.personal, draft.prefilled, { values: {}, prefilled: {} }),
        prefilled: {},
        placeCandidates: null,
      });
      setState({ status: 'failed' });
    }
  }, []);

  return { state, read, busy: state.status === 'reading' };
}

/**
 * The copy kept in the draft and sent with the registration: made small like every document
 * (about 2000 px, ~450 KB). The reader still reads the photo as taken — it scales the card to at
 * most 1600 px itself, so it loses nothing, but it is spared the small copy's JPEG artefacts.
 */
async function smallCopy(image: Blob): Promise<Blob> {
  try {
    const { shrinkPhoto } = await import('../../../lib/photo-shrink/shrink-photo');
    return (await shrinkPhoto(image, 'id_card')).blob;
  } catch {
    return image; // unreadable here is unreadable to the reader too: it says so
  }
}

/** The outcome of a reading done before (e.g. before a reload), for when the screen is opened again. */
export function useEarlierReading(): ReaderState {
  const reading = useRegistrationDraft((s) => s.reading);
  const found = useRegistrationDraft((s) => Object.keys(s.prefilled).length);
  if (reading === 'read') return { status: 'done', found };
  if (reading === 'failed') return { status: 'failed' };
  return { status: 'idle' };
}

type AssetsModule = typeof ReaderAssets;
let assetsModule: Promise<AssetsModule> | undefined;
const loadAssetsModule = () => (assetsModule ??= import('../ocr/reader-assets'));

const IDLE: DownloadState = { status: 'idle', loaded: 0, total: 0 };
let latest: DownloadState = IDLE;

/** The reader's download (bytes so far, bytes in all), for the progress bar. */
export function useReaderDownload(): DownloadState {
  return useSyncExternalStore(
    (notify) => {
      let stop = () => {};
      let live = true;
      void loadAssetsModule().then((m) => {
        if (!live) return;
        stop = m.subscribeDownload(() => {
          latest = m.downloadState();
          notify();
        });
        latest = m.downloadState();
        notify();
      });
      return () => {
        live = false;
        stop();
      };
    },
    () => latest,
    () => IDLE,
  );
}

/** Starts the reader's engines on the screens where the card is photographed or chosen. */
export function useReaderWarmUp() {
  useEffect(() => {
    void import('../ocr/reader-engine').then((m) => m.warmUpEngines()).catch(() => undefined);
  }, []);
}
