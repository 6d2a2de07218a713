import type { CertificateKeySet } from '../../../../contract/certificate-statement';
import { api } from '../../../lib/api-client';

/**
 * The public keys that sign certificates, kept on the device: a copy in localStorage (written
 * whenever the verify page reaches the server) and the service worker's copy of
 * /api/v1/certificate-keys (fetched when the app is installed, sw/verify-keys.ts). Keys never change
 * under their id, so a stored key is as good as a fresh one.
 */
const STORAGE_KEY = 'certificate-keys';

function stored(): CertificateKeySet | null {
  try {
    const set = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as CertificateKeySet | null;
    return set && Array.isArray(set.keys) ? set : null;
  } catch {
    return null;
  }
}

/** The key set that holds `kid`: the stored one if it does, else the server's (or the worker's copy). */
export async function keySetFor(kid: string, signal?: AbortSignal): Promise<CertificateKeySet | null> {
  const known = stored();
  if (known?.keys.some((k) => k.kid === kid)) return known;
  try {
    const fresh = (
      await api<{ data: CertificateKeySet }>('/v1/certificate-keys', { auth: false, signal, timeoutMs: 8_000 })
    ).data;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(fresh));
    } catch {
      /* storage full or denied: the worker's copy remains */
    }
    return fresh;
  } catch {
    return known;
  }
}
