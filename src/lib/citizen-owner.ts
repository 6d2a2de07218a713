import { fingerprint } from './fingerprint';
import { fetchProfile } from './profile';
import { useSession } from './session';

/**
 * Whose data on this device: a digest of the signed-in citizen's e-mail (e-mail cannot be changed,
 * so it identifies the account), remembered for the session in local storage (cleared at sign-out)
 * so a reload without a connection still finds the citizen's drafts and outbox. Drafts, documents
 * and outbox entries are all keyed by it, so on a shared phone one citizen never sees or sends
 * another's.
 */
const OWNER_KEY = 'applicationDraftOwner';

export const ownerOfEmail = (email: string) => fingerprint(`citizen:${email.trim().toLowerCase()}`);

/**
 * Whether a re-apply draft saved before every store keyed its entries by owner (device-stores.ts)
 * is this owner's: it names its owner inside, a digest or, before owners were digests, the e-mail.
 */
export const legacyOwnedBy = (saved: { owner?: string } | undefined, owner: string) =>
  !!saved?.owner && (saved.owner === owner || (saved.owner.includes('@') && ownerOfEmail(saved.owner) === owner));

/** The owner of this session if already known on the device (no request). */
export function knownOwner(token = useSession.getState().token ?? ''): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(OWNER_KEY) ?? 'null') as { session: string; owner: string } | null;
    if (stored?.session === fingerprint(token) && stored.owner) return stored.owner;
  } catch {
    // A damaged entry: ask the server again.
  }
  return null;
}

export async function resolveOwner(token = useSession.getState().token ?? ''): Promise<string> {
  const known = knownOwner(token);
  if (known) return known;
  const profile = await fetchProfile();
  const owner = ownerOfEmail(profile.email);
  localStorage.setItem(OWNER_KEY, JSON.stringify({ session: fingerprint(token), owner }));
  return owner;
}
