import { createFileRoute } from '@tanstack/react-router';
import { AppliedBeforeScreen } from '../../features/reapply/components/applied-before-screen';

export const Route = createFileRoute('/_auth/history-applied-before')({
  component: AppliedBeforeScreen,
});
