import type { Language } from '../../../contract/master-data';
import { EnglishFlag, LaoFlag } from './flags';

export const LANGUAGE_OPTIONS: { id: Language; label: string; name: string; Flag: () => React.ReactElement }[] = [
  { id: 'en', label: 'EN', name: 'English', Flag: EnglishFlag },
  { id: 'lo', label: 'LA', name: 'ພາສາລາວ', Flag: LaoFlag },
];
