import type { Bank, LocationOption, LocationTree } from '../../contract/master-data';
import { api, ApiError } from './api-client';
import { currentLanguage } from './i18n';
import { keepMasterData, keptMasterData } from './master-data-cache';

/**
 * Provinces, districts, villages and banks, kept in memory for the visit (they change only when an
 * operator imports a new list); kept across visits and offline in the worker's master-data cache,
 * by the worker and by the page itself (master-data-cache.ts says why both).
 */
const cache = new Map<string, Promise<unknown>>();

function cached<T>(path: string): Promise<T> {
  const key = `${currentLanguage()}:${path}`;
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = fetchKept<T>(path);
    hit.catch(() => cache.delete(key)); // a failure (offline) is retried next time
    cache.set(key, hit);
  }
  return hit;
}

/**
 * The language is in the URL, not only in Accept-Language: Chromium's Cache Storage keeps one entry
 * per URL, so an English and a Lao copy under one URL would push each other out.
 */
async function fetchKept<T>(listPath: string): Promise<T> {
  const language = currentLanguage();
  const path = `${listPath}?lang=${language}`;
  const url = `/api${path}`;
  try {
    const body = await api<{ data: T }>(path, { auth: false });
    // Kept before it is shown: a reload right after choosing a village still finds every list.
    await keepMasterData(url, language, body);
    return body.data;
  } catch (err) {
    const offline =
      err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'parse');
    const kept = offline ? await keptMasterData<{ data: T }>(url, language) : undefined;
    if (kept) return kept.data;
    throw err;
  }
}

const option = ({ id, name, code }: LocationOption): LocationOption => ({ id, name, code });

/**
 * The selects read the whole place list kept on the device (location-tree.ts) first — no request
 * at all, online or not — and ask the API per province or district only on a device without it.
 */
async function fromTree<T>(pick: (tree: LocationTree) => T | undefined, path: string): Promise<T> {
  const { localTree } = await import('./location-tree');
  const found = await localTree(currentLanguage()).then((t) => (t ? pick(t) : undefined));
  return found ?? cached<T>(path);
}

export const fetchProvinces = () => fromTree((t) => t.provinces.map(option), '/v1/master-data/location/provinces');
export const fetchDistricts = (provinceId: number) =>
  fromTree(
    (t) => t.provinces.find((p) => p.id === provinceId)?.districts.map(option),
    `/v1/master-data/location/district/${provinceId}`,
  );
export const fetchVillages = (districtId: number) =>
  fromTree(
    (t) => t.provinces.flatMap((p) => p.districts).find((d) => d.id === districtId)?.villages,
    `/v1/master-data/location/villages/${districtId}`,
  );
export const fetchBanks = () => cached<Bank[]>('/v1/master-data/bank');

export interface SupportContacts {
  phone: string;
  email: string;
  whatsapp: string;
}
export const fetchSupportContacts = () => cached<SupportContacts>('/v1/master-data/support-contacts');
