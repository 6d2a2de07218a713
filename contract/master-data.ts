export interface LocationOption {
  id: number;
  name: string;
  code: string;
}
export interface Bank {
  id: number;
  bank_name: string;
  bank_logo: string;
  code: string;
}
export type Language = 'en' | 'lo';
export const LANGUAGES: readonly Language[] = ['en', 'lo'];

/** Every active place in one answer (GET /v1/master-data/location/tree): step 1 offline for any district. */
export interface LocationTree {
  provinces: (LocationOption & { districts: (LocationOption & { villages: LocationOption[] })[] })[];
}
