import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCaseDraft, saveCaseDraft, type CaseDraft } from '../../api/case-draft';

/** Long enough not to send every keystroke, short enough that a closed tab loses a word at most. */
const SAVE_AFTER_MS = 700;

export type DraftSaving = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * What the officer types on a case (reasons, notes, what to ask the citizen), saved on the server
 * as they type: a lapsed claim, a reload or another computer finds it again. Never written to the
 * browser's storage — it is about another person.
 */
export function useCaseDraft(id: number) {
  const [draft, setDraft] = useState<CaseDraft>({});
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState<DraftSaving>('idle');
  const pending = useRef<CaseDraft | null>(null);
  const current = useRef<CaseDraft>({});
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    fetchCaseDraft(id, controller.signal).then(
      (saved) => {
        if (controller.signal.aborted) return;
        // What was typed before the saved draft arrived wins over it.
        current.current = { ...saved, ...current.current };
        setDraft(current.current);
        setLoaded(true);
      },
      () => !controller.signal.aborted && setLoaded(true),
    );
    return () => controller.abort();
  }, [id]);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const body = pending.current;
    if (!body) return Promise.resolve();
    pending.current = null;
    setSaving('saving');
    return saveCaseDraft(id, body).then(
      () => setSaving((s) => (s === 'saving' ? 'saved' : s)),
      () => setSaving('failed'),
    );
  }, [id]);

  const update = useCallback(
    (patch: Partial<CaseDraft>) => {
      // The part just written is the one the server keeps (one draft per officer and case).
      const last = (['reject', 'request', 'escalate', 'note'] as const).find((part) => part in patch);
      current.current = { ...current.current, ...patch, ...(last ? { last } : {}) };
      pending.current = current.current;
      setDraft(current.current);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), SAVE_AFTER_MS);
    },
    [flush],
  );

  /** After a decision the typed words were used: the draft of that part is emptied on the server. */
  const clear = useCallback(
    (parts: (keyof CaseDraft)[]) => {
      const next = { ...current.current };
      for (const part of parts) delete next[part];
      if (next.last && parts.includes(next.last)) delete next.last;
      current.current = next;
      pending.current = next;
      setDraft(next);
      return flush();
    },
    [flush],
  );

  // Leaving the case sends what is still waiting.
  useEffect(() => () => void flush(), [flush]);
  return { draft, loaded, saving, update, clear, flush };
}
