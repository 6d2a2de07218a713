import { createFileRoute } from '@tanstack/react-router';
import { WaitingForPaymentScreen } from '../../features/payment/components/waiting-for-payment-screen';

export const Route = createFileRoute('/_auth/waiting-for-payment/$id')({
  component: function WaitingForPaymentRoute() {
    const { id } = Route.useParams();
    return <WaitingForPaymentScreen key={id} id={Number(id)} />;
  },
});
