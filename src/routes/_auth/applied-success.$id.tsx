import { createFileRoute } from '@tanstack/react-router';
import { AppliedSuccessScreen } from '../../features/reapply/components/applied-success-screen';

export const Route = createFileRoute('/_auth/applied-success/$id')({
  component: function AppliedSuccessRoute() {
    const { id } = Route.useParams();
    return <AppliedSuccessScreen id={Number(id)} />;
  },
});
