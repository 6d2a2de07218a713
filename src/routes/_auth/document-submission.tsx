import { createFileRoute } from '@tanstack/react-router';
import { DocumentSubmissionScreen } from '../../features/application/components/document-submission-screen';

/** Step 2 of the application. */
export const Route = createFileRoute('/_auth/document-submission')({
  component: DocumentSubmissionScreen,
});
