import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ApplicantDataInput } from '../../../../contract/application';
import { newIdempotencyKey } from '../../../lib/api-client';
import { APPLICATION_DRAFTS, persistStorage } from '../../../lib/device-stores';

/** Step 1 as typed: every field a string (selects hold ids as strings until the schema turns them into numbers). */
export type ApplicantValues = { [K in keyof ApplicantDataInput]: string };

export interface ChosenBank {
  id: number;
  name: string;
  icon: string;
}

interface ApplicantDraftState {
  /** What the citizen typed, saved as they type. */
  values: Partial<ApplicantValues> | null;
  /** Step 1 was submitted with valid data (the later steps need it). */
  complete: boolean;
  bank: ChosenBank | null;
  /** The Idempotency-Key of the submission, kept while what is submitted stays the same. */
  submission: { fingerprint: string; key: string } | null;
  savedAt: number;
}

interface ApplicantDraftActions {
  saveValues(values: Partial<ApplicantValues>): void;
  completeStep(values: ApplicantValues): void;
  chooseBank(bank: ChosenBank): void;
  /** The key to send for a submission with this fingerprint: the same as last time if nothing changed. */
  keyFor(fingerprint: string): string;
  clear(): void;
}

export const EMPTY_APPLICANT: ApplicantDraftState = {
  values: null,
  complete: false,
  bank: null,
  submission: null,
  savedAt: 0,
};

const sameValues = (a: Partial<ApplicantValues> | null, b: Partial<ApplicantValues>) =>
  !!a &&
  Object.keys({ ...a, ...b }).every(
    (k) => (a[k as keyof ApplicantValues] ?? '') === (b[k as keyof ApplicantValues] ?? ''),
  );

/** Persisted as the spec's `applicantData`, in IndexedDB rather than local storage. */
export const useApplicantDraft = create<ApplicantDraftState & ApplicantDraftActions>()(
  persist(
    (set, get) => ({
      ...EMPTY_APPLICANT,
      saveValues(values) {
        if (sameValues(get().values, values)) return;
        set({ values: { ...values }, complete: false, savedAt: Date.now() });
      },
      completeStep(values) {
        set({ values: { ...values }, complete: true, savedAt: Date.now() });
      },
      chooseBank(bank) {
        set({ bank, savedAt: Date.now() });
      },
      keyFor(fp) {
        const current = get().submission;
        if (current?.fingerprint === fp) return current.key;
        const key = newIdempotencyKey();
        set({ submission: { fingerprint: fp, key }, savedAt: Date.now() });
        return key;
      },
      clear() {
        set({ ...EMPTY_APPLICANT });
      },
    }),
    {
      name: 'applicantData',
      version: 1,
      storage: persistStorage(APPLICATION_DRAFTS, 'citizen'),
      skipHydration: true,
      partialize: ({ values, complete, bank, submission, savedAt }) =>
        ({ values, complete, bank, submission, savedAt }) as ApplicantDraftState & ApplicantDraftActions,
    },
  ),
);
