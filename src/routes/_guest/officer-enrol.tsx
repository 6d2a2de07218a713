import { createFileRoute } from '@tanstack/react-router';
import { OfficerEnrol } from '../../features/officer-sign-in/enrol-screen';
import { loadBackOfficeWords } from '../../lib/i18n';

/** The one-time enrolment link `npm run officer:create` prints (/officer-enrol#token). */
export const Route = createFileRoute('/_guest/officer-enrol')({
  beforeLoad: loadBackOfficeWords,
  component: OfficerEnrol,
});
