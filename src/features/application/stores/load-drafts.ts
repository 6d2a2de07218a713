import { useCallback, useEffect, useState } from 'react';
import { resolveOwner } from '../../../lib/citizen-owner';
import { useSession } from '../../../lib/session';
import { EMPTY_APPLICANT, useApplicantDraft } from './applicant-draft';
import { useDocumentsDraft } from './documents-draft';
import { allowWrites, switchOwner } from '../../../lib/device-stores';
import { pruneAbandonedDrafts } from './storage';

let loading: { token: string; promise: Promise<void> } | null = null;
let loadedFor: string | null = null;

/** Loads the signed-in citizen's drafts into the stores (once per session). */
export function loadDrafts(): Promise<void> {
  const token = useSession.getState().token ?? '';
  if (loading?.token === token) return loading.promise;
  const promise = (async () => {
    const owner = await resolveOwner(token);
    // Every new session starts from what the device holds, never from memory: the drafts may have
    // been deleted at sign-out, or belong to another citizen. Writes are held meanwhile, so the
    // empty state never overwrites a stored draft.
    switchOwner(owner);
    useApplicantDraft.setState({ ...EMPTY_APPLICANT });
    useDocumentsDraft.setState({ files: {}, savedAt: 0 });
    await Promise.all([useApplicantDraft.persist.rehydrate(), useDocumentsDraft.persist.rehydrate()]);
    allowWrites();
    loadedFor = token;
    pruneAbandonedDrafts().catch(() => undefined);
  })();
  loading = { token, promise };
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  return promise;
}

export type DraftsStatus = 'loading' | 'ready' | 'failed';

/** For the wizard screens: wait for the drafts before showing or guarding anything. */
export function useDrafts(): { status: DraftsStatus; retry(): void } {
  const [status, setStatus] = useState<DraftsStatus>(() =>
    loadedFor && loadedFor === useSession.getState().token ? 'ready' : 'loading',
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadDrafts().then(
      () => live && setStatus('ready'),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);
  return { status, retry };
}

/** After the server created the application: the drafts have done their work. */
export async function clearDrafts(): Promise<void> {
  useApplicantDraft.getState().clear();
  await useDocumentsDraft.getState().clear();
}
