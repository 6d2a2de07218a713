import { createFileRoute, redirect } from '@tanstack/react-router';
import { HowToPaymentScreen } from '../../features/payment/components/how-to-payment-screen';

/** ?id= names the application whose VA number, recipient and amount the steps show. */
export const Route = createFileRoute('/_auth/how-to-payment')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => {
    const id = Number(search.id);
    return Number.isInteger(id) && id > 0 ? { id } : {};
  },
  beforeLoad: ({ search }) => {
    if (!search.id) throw redirect({ to: '/application-history', replace: true });
  },
  component: function HowToPaymentRoute() {
    const { id } = Route.useSearch();
    return <HowToPaymentScreen key={id} id={id!} />;
  },
});
