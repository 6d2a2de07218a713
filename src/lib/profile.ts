import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Profile } from '../../contract/profile';
import { api, ApiError } from './api-client';
import { currentLanguage } from './i18n';
import { useSession } from './session';

/**
 * The signed-in citizen's profile, shared by the screens that show it (home, account, profile,
 * application form prefill). Kept in memory for 60 s after loading (as the specification keeps loaded data),
 * per language because place names come translated. The last answer is also kept on the device
 * for offline reading, per session, until sign-out (offline-data.ts).
 */
const FRESH_MS = 60_000;
let cached: { key: string; at: number; profile: Profile } | null = null;

const keyOf = () => `${useSession.getState().token ?? ''}:${currentLanguage()}`;

export async function fetchProfile(opts: { fresh?: boolean } = {}): Promise<Profile> {
  const key = keyOf();
  if (!opts.fresh && cached && cached.key === key && Date.now() - cached.at < FRESH_MS) return cached.profile;
  const { data } = await api<{ data: Profile }>('/v1/citizen/user/profile');
  cached = { key, at: Date.now(), profile: data };
  return data;
}

/** After a successful update the server's answer is the new profile. */
export function rememberProfile(profile: Profile): void {
  cached = { key: keyOf(), at: Date.now(), profile };
}

export function forgetProfile(): void {
  cached = null;
}

/**
 * A failure that means the session is unusable (docs/specification.md#session-and-local-storage: a
 * profile load failure signs out). A lost connection is not one of them: the citizen keeps the
 * session and can retry when back online.
 */
export function isSessionFailure(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'http' && err.status < 500 && err.status !== 429;
}

export type ProfileState =
  | { status: 'loading'; profile: null; error: null }
  | { status: 'ready'; profile: Profile; error: null }
  | { status: 'failed'; profile: null; error: unknown };

/** Loads the profile; reloads when the language changes (translated place names). */
export function useProfile(): ProfileState & { reload(): void } {
  const [state, setState] = useState<ProfileState>(() =>
    cached && cached.key === keyOf()
      ? { status: 'ready', profile: cached.profile, error: null }
      : { status: 'loading', profile: null, error: null },
  );
  const [attempt, setAttempt] = useState(0);
  const language = currentLanguage();
  useEffect(() => {
    let live = true;
    fetchProfile().then(
      (profile) => live && setState({ status: 'ready', profile, error: null }),
      (error: unknown) => live && setState({ status: 'failed', profile: null, error }),
    );
    return () => {
      live = false;
    };
  }, [attempt, language]);
  const reload = useCallback(() => {
    setState({ status: 'loading', profile: null, error: null });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload };
}

/**
 * The profile for screens the specification guards with it (home, account, profile): a failure
 * the server answered clears the session and goes to /login.
 */
export function useProfileOrSignOut(): ReturnType<typeof useProfile> {
  const state = useProfile();
  const navigate = useNavigate();
  const failedForGood = state.status === 'failed' && isSessionFailure(state.error);
  useEffect(() => {
    if (!failedForGood) return;
    forgetProfile();
    useSession.getState().signOut();
    void navigate({ to: '/login', replace: true });
  }, [failedForGood, navigate]);
  return state;
}
