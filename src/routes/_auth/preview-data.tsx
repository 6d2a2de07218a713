import { createFileRoute } from '@tanstack/react-router';
import { PreviewScreen } from '../../features/application/components/preview-screen';

export const Route = createFileRoute('/_auth/preview-data')({
  component: PreviewScreen,
});
