import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { REGISTRATION_DRAFT, persistStorage } from '../../../lib/device-stores';

/** The personal-information form as typed (select values are ids as strings). */
export interface PersonalDraft {
  first_name: string;
  last_name: string;
  id_card: string;
  date_of_birth: string;
  address: string;
  house_number: string;
  province_id: string;
  district_id: string;
  village_id: string;
}

export type PrefilledField =
  'first_name' | 'last_name' | 'id_card' | 'date_of_birth' | 'address' | 'province_id' | 'district_id' | 'village_id';
/** 'ok': read cleanly; 'check': some words were unsure. Both ask the person to look. */
export type Prefilled = Partial<Record<PrefilledField, 'ok' | 'check'>>;

export interface PlaceCandidates {
  province: number[];
  district: number[];
  village: number[];
}

/**
 * What survives a reload or a lost connection (everything but the password:
 * docs/decisions.md#the-registration-password-is-never-stored).
 */
export interface DraftData {
  email: string;
  /** As typed after +856, grouped 2-4-4. */
  phone: string;
  /** The ID card photo; IndexedDB keeps the Blob itself (structured clone). */
  image: Blob | null;
  reading: 'none' | 'read' | 'failed';
  prefilled: Prefilled;
  personal: Partial<PersonalDraft>;
  /** Places the card's address may name, best first, offered first in the selects. */
  placeCandidates: PlaceCandidates | null;
  /** When the last code was mailed (ms), for the 30-second resend countdown. */
  otpSentAt: number | null;
}

interface DraftState extends DraftData {
  /** Held in memory only, never written to the device; after a reload it is typed again. */
  password: string;
  hydrated: boolean;
  update(patch: Partial<DraftData & { password: string }>): void;
  clear(): Promise<void>;
}

const EMPTY: DraftData = {
  email: '',
  phone: '',
  image: null,
  reading: 'none',
  prefilled: {},
  personal: {},
  placeCandidates: null,
  otpSentAt: null,
};
const KEY = 'registration-draft';

/** The registration draft (merged on set, emptied on clear). */
export const useRegistrationDraft = create<DraftState>()(
  persist(
    (setState) => ({
      ...EMPTY,
      password: '',
      hydrated: false,
      update: (patch) => setState(patch),
      clear: async () => {
        setState({ ...EMPTY, password: '' });
        await useRegistrationDraft.persist.clearStorage();
      },
    }),
    {
      name: KEY,
      version: 1,
      // Before any account exists: kept for the device, not a citizen (the ID card photo is a Blob).
      storage: persistStorage<DraftData>(REGISTRATION_DRAFT, 'device'),
      partialize: ({ email, phone, image, reading, prefilled, personal, placeCandidates, otpSentAt }) => ({
        email,
        phone,
        image,
        reading,
        prefilled,
        personal,
        placeCandidates,
        otpSentAt,
      }),
      onRehydrateStorage: () => () => useRegistrationDraft.setState({ hydrated: true }),
    },
  ),
);

/** Resolves once the draft has been read back from IndexedDB (guards wait for it). */
export function draftReady(): Promise<DraftState> {
  const store = useRegistrationDraft;
  if (store.getState().hydrated) return Promise.resolve(store.getState());
  return new Promise((resolve) => {
    const stop = store.subscribe((s) => {
      if (s.hydrated) {
        stop();
        resolve(s);
      }
    });
  });
}
