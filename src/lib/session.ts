import { create } from 'zustand';
import { LANGUAGE_KEY } from './i18n';

/**
 * The session as the specification keeps it: `token` and `expiresAt` (ms) in local storage.
 * The server enforces the same 60-minute expiry; here an expired session is dropped at the next
 * check so a shared phone never shows someone else's account.
 */
const TOKEN = 'token';
const EXPIRES_AT = 'expiresAt';
const ROLE = 'role';

export type Role = 'citizen' | 'officer';

interface SessionState {
  token: string | null;
  expiresAt: number | null;
  role: Role | null;
  signIn(token: string, expiresAt: number, role: Role): void;
  signOut(): void;
}

function readStored() {
  const token = localStorage.getItem(TOKEN);
  const expiresAt = Number(localStorage.getItem(EXPIRES_AT)) || null;
  const role = (localStorage.getItem(ROLE) as Role | null) ?? (token ? 'citizen' : null);
  if (token && expiresAt && expiresAt > Date.now()) return { token, expiresAt, role };
  if (token) clearLocalData();
  return { token: null, expiresAt: null, role: null };
}

/**
 * Everything this app keeps in local storage except the language choice (cleared at expiry:
 * docs/specification.md#session-and-local-storage).
 */
export function clearLocalData(): void {
  // The screens' kept answers go with the session (a shared phone shows nobody's data to the next person).
  void import('./offline-data').then((m) => m.clearOfflineData());
  // So does the outbox's copy of the session: the service worker must not send with it any more.
  void import('./outbox/session').then((m) => m.forgetOutboxSession());
  const language = localStorage.getItem(LANGUAGE_KEY);
  localStorage.clear();
  if (language) localStorage.setItem(LANGUAGE_KEY, language);
}

export const useSession = create<SessionState>((set) => ({
  ...readStored(),
  signIn(token, expiresAt, role) {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(EXPIRES_AT, String(expiresAt));
    localStorage.setItem(ROLE, role);
    set({ token, expiresAt, role });
  },
  signOut() {
    clearLocalData();
    set({ token: null, expiresAt: null, role: null });
  },
}));

/** The token if the session is still valid; an expired one is cleared on the way. */
export function validToken(): string | null {
  const { token, expiresAt, signOut } = useSession.getState();
  if (!token) return null;
  if (!expiresAt || expiresAt <= Date.now()) {
    signOut();
    return null;
  }
  return token;
}
