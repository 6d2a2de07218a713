import { createFileRoute } from '@tanstack/react-router';
import { PickupScreen } from '../../features/pickup/components/pickup-screen';

export const Route = createFileRoute('/_auth/pick-up-date/$id')({
  component: function PickUpDateRoute() {
    const { id } = Route.useParams();
    return <PickupScreen key={id} id={Number(id)} />;
  },
});
