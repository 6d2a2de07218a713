import { createFileRoute } from '@tanstack/react-router';
import { FaqScreen } from '../../features/help/components/faq-screen';

export const Route = createFileRoute('/_auth/faq')({
  component: FaqScreen,
});
