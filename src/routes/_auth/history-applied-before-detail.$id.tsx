import { createFileRoute } from '@tanstack/react-router';
import { AppliedBeforeDetailScreen } from '../../features/reapply/components/applied-before-detail-screen';

export const Route = createFileRoute('/_auth/history-applied-before-detail/$id')({
  component: function AppliedBeforeDetailRoute() {
    const { id } = Route.useParams();
    return <AppliedBeforeDetailScreen key={id} id={Number(id)} />;
  },
});
