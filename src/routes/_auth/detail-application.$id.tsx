import { createFileRoute } from '@tanstack/react-router';
import { DetailScreen } from '../../features/history/components/detail-screen';

export const Route = createFileRoute('/_auth/detail-application/$id')({
  component: function DetailApplicationRoute() {
    const { id } = Route.useParams();
    return <DetailScreen key={id} id={Number(id)} />;
  },
});
