import { createFileRoute } from '@tanstack/react-router';
import { ApplicantDataScreen } from '../../features/application/components/applicant-data-screen';

/** Step 1 of the application (the misspelt path of the spec redirects here). */
export const Route = createFileRoute('/_auth/application-resident-certificate')({
  component: ApplicantDataScreen,
});
