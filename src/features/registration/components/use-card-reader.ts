import { useCallback, useEffect, useRef, useState } from 'react';
import { mergeReading, prefillFrom } from '../prefill';
import { useRegistrationDraft } from '../stores/registration-draft';

export type ReaderState =
  | { status: 'idle' }
  | { status: 'reading'; progress: number }
  | { status: 'done'; found: number }
  | { status: 'failed' };

/**
 * Reads a new ID card photo on the device (tesseract.js in a worker, loaded only now) and puts
 * what it finds into the draft. A failure never blocks registration: the citizen types instead.
 */
export function useCardReader() {
  const [state, setState] = useState<ReaderState>({ status: 'idle' });
  const run = useRef(0);
  useEffect(() => () => { run.current++; }, []);

  const read = useCallback(async (image: Blob) => {
    const mine = ++run.current;
    const { update } = useRegistrationDraft.getState();
    update({ image, reading: 'none' });
    setState({ status: 'reading', progress: 0 });
    try {
      const { recognizeIdCard } = await import('../ocr/tesseract-worker');
      const reading = await recognizeIdCard(image, (progress) => mine === run.current && setState({ status: 'reading', progress }));
      if (mine !== run.current) return; // a newer photo was taken meanwhile
      const found = prefillFrom(reading.fields);
      const draft = useRegistrationDraft.getState();
      draft.update({ reading: 'read', personal: mergeReading(draft.personal, draft.prefilled, found), prefilled: found.prefilled });
      setState({ status: 'done', found: Object.keys(found.prefilled).length });
    } catch {
      if (mine !== run.current) return;
      const draft = useRegistrationDraft.getState();
      draft.update({ reading: 'failed', personal: mergeReading(draft.personal, draft.prefilled, { values: {}, prefilled: {} }), prefilled: {} });
      setState({ status: 'failed' });
    }
  }, []);

  return { state, read, busy: state.status === 'reading' };
}

/** The outcome of a reading done before (e.g. before a reload), for when the screen is opened again. */
export function useEarlierReading(): ReaderState {
  const reading = useRegistrationDraft((s) => s.reading);
  const found = useRegistrationDraft((s) => Object.keys(s.prefilled).length);
  if (reading === 'read') return { status: 'done', found };
  if (reading === 'failed') return { status: 'failed' };
  return { status: 'idle' };
}
