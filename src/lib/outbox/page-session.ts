import { resolveOwner } from '../citizen-owner';
import { currentLanguage } from '../i18n';
import { useSession, validToken } from '../session';
import type { OutboxSession } from './entry';
import { readSession, writeSession } from './outbox-db';

/**
 * The session the outbox sends with, written for the service worker (which cannot read local
 * storage) each time the signed-in area starts or the session or language changes. Removed when
 * the session ends (src/lib/outbox/session.ts), so nothing is sent until the citizen signs in again.
 */
export async function currentOutboxSession(): Promise<OutboxSession | null> {
  const token = validToken();
  const { expiresAt, role } = useSession.getState();
  if (!token || !expiresAt || role !== 'citizen') return null;
  const owner = await resolveOwner(token);
  return { owner, token, expiresAt, language: currentLanguage() };
}

export async function publishOutboxSession(): Promise<OutboxSession | null> {
  const session = await currentOutboxSession();
  const stored = await readSession();
  // The session may have ended while these were read (signed out, expired): never write it back.
  if (session && validToken() !== session.token) return null;
  if (
    session &&
    (stored?.token !== session.token ||
      stored.expiresAt !== session.expiresAt ||
      stored.language !== session.language ||
      stored.owner !== session.owner)
  )
    await writeSession(session);
  return session;
}
