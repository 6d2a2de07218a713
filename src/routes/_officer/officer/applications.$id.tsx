import { createFileRoute } from '@tanstack/react-router';
import { OfficerDetailScreen } from '../../../features/officer/components/detail-screen';

export const Route = createFileRoute('/_officer/officer/applications/$id')({
  component: function OfficerApplicationRoute() {
    const { id } = Route.useParams();
    return <OfficerDetailScreen key={id} id={Number(id)} />;
  },
});
