import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { Bank, LocationOption, LocationTree } from '../../contract/master-data';
import { api } from './api-client';
import { currentLanguage } from './i18n';

/**
 * Provinces, districts, villages and banks, kept in memory for the visit (they change only when an
 * operator imports a new list); the service worker keeps them across visits and offline.
 */
const cache = new Map<string, Promise<unknown>>();

function cached<T>(path: string): Promise<T> {
  const key = `${currentLanguage()}:${path}`;
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = api<{ data: T }>(path, { auth: false }).then((r) => r.data);
    hit.catch(() => cache.delete(key)); // a failure (offline) is retried next time
    cache.set(key, hit);
  }
  return hit;
}

/**
 * The whole place list, kept on the device (IndexedDB, one copy per language) once it was fetched
 * after sign-in (keepLocationTree): the selects read from it first — no request at all, online or
 * not — and ask the API per province or district only on a device that does not have it yet.
 */
let refDb: UseStore | null = null;
const referenceStore = () => (refDb ??= createStore('rc-reference-data', 'lists'));
interface KeptTree { etag: string | null; savedAt: number; tree: LocationTree }
const trees = new Map<string, Promise<LocationTree | null>>();

function localTree(language = currentLanguage()): Promise<LocationTree | null> {
  let tree = trees.get(language);
  if (!tree) {
    tree = get<KeptTree>(`tree:${language}`, referenceStore()).then((k) => k?.tree ?? null, () => null);
    trees.set(language, tree);
  }
  return tree;
}

const option = ({ id, name, code }: LocationOption): LocationOption => ({ id, name, code });

async function fromTree<T>(pick: (tree: LocationTree) => T | undefined, path: string): Promise<T> {
  const found = await localTree().then((t) => (t ? pick(t) : undefined));
  return found ?? cached<T>(path);
}

export const fetchProvinces = () => fromTree((t) => t.provinces.map(option), '/v1/master-data/location/provinces');
export const fetchDistricts = (provinceId: number) =>
  fromTree((t) => t.provinces.find((p) => p.id === provinceId)?.districts.map(option), `/v1/master-data/location/district/${provinceId}`);
export const fetchVillages = (districtId: number) =>
  fromTree((t) => t.provinces.flatMap((p) => p.districts).find((d) => d.id === districtId)?.villages, `/v1/master-data/location/villages/${districtId}`);

/**
 * Fetches the place list for the interface language unless the device already has this version
 * (If-None-Match → 304). Resolves when it is stored; a failure leaves the previous copy.
 */
export async function keepLocationTree(language = currentLanguage()): Promise<void> {
  const key = `tree:${language}`;
  const kept = await get<KeptTree>(key, referenceStore()).catch(() => undefined);
  const res = await fetch(`/api/v1/master-data/location/tree?lang=${language}`, {
    headers: { Accept: 'application/json', ...(kept?.etag ? { 'If-None-Match': kept.etag } : {}) },
    signal: AbortSignal.timeout(120_000),
  });
  if (res.status === 304 || !res.ok) return;
  const { data } = (await res.json()) as { data: LocationTree };
  await set(key, { etag: res.headers.get('etag'), savedAt: Date.now(), tree: data } satisfies KeptTree, referenceStore());
  trees.set(language, Promise.resolve(data));
}
export const fetchBanks = () => cached<Bank[]>('/v1/master-data/bank');

export interface SupportContacts { phone: string; email: string; whatsapp: string }
export const fetchSupportContacts = () => cached<SupportContacts>('/v1/master-data/support-contacts');
