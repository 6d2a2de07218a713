export interface LocationOption { id: number; name: string; code: string }
export interface Bank { id: number; bank_name: string; bank_logo: string; code: string }
export type Language = 'en' | 'lo';
export const LANGUAGES: readonly Language[] = ['en', 'lo'];
