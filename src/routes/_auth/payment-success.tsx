import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccessScreen } from '../../features/payment/components/payment-success-screen';

/** ?id= names the application whose ticket number is shown. */
export const Route = createFileRoute('/_auth/payment-success')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => {
    const id = Number(search.id);
    return Number.isInteger(id) && id > 0 ? { id } : {};
  },
  component: function PaymentSuccessRoute() {
    const { id } = Route.useSearch();
    return <PaymentSuccessScreen id={id} />;
  },
});
