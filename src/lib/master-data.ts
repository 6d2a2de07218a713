import type { Bank, LocationOption } from '../../contract/master-data';
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

export const fetchProvinces = () => cached<LocationOption[]>('/v1/master-data/location/provinces');
export const fetchDistricts = (provinceId: number) => cached<LocationOption[]>(`/v1/master-data/location/district/${provinceId}`);
export const fetchVillages = (districtId: number) => cached<LocationOption[]>(`/v1/master-data/location/villages/${districtId}`);
export const fetchBanks = () => cached<Bank[]>('/v1/master-data/bank');

export interface SupportContacts { phone: string; email: string; whatsapp: string }
export const fetchSupportContacts = () => cached<SupportContacts>('/v1/master-data/support-contacts');
