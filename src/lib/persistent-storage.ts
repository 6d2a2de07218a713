/**
 * Drafts and the outbox are the citizen's only copy of what they typed and attached: ask the
 * browser not to evict them under storage pressure. Asked once per visit, and only once there is
 * something worth keeping (a draft or a queued request) — browsers may grant it silently.
 */
let asked = false;

export function askPersistentStorage(): void {
  if (asked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  asked = true;
  void navigator.storage
    .persisted()
    .then((already) => (already ? true : navigator.storage.persist()))
    .catch(() => undefined);
}

/** Whether `bytes` more fit in what the browser lets this site store (true when it cannot tell). */
export async function roomFor(bytes: number): Promise<boolean> {
  if (!navigator.storage?.estimate) return true;
  try {
    const { quota, usage } = await navigator.storage.estimate();
    if (quota === undefined || usage === undefined) return true;
    // Room for the files plus a margin: IndexedDB needs some space of its own to write them.
    return quota - usage > bytes * 1.2 + 1_000_000;
  } catch {
    return true;
  }
}
