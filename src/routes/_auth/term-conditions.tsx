import { createFileRoute } from '@tanstack/react-router';
import { TermsScreen } from '../../features/help/components/terms-screen';

export const Route = createFileRoute('/_auth/term-conditions')({
  component: TermsScreen,
});
