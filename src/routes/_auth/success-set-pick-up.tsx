import { createFileRoute } from '@tanstack/react-router';
import { PickupSuccessScreen } from '../../features/pickup/components/pickup-success-screen';

/** ?id= names the application whose booking is shown. */
export const Route = createFileRoute('/_auth/success-set-pick-up')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => {
    const id = Number(search.id);
    return Number.isInteger(id) && id > 0 ? { id } : {};
  },
  component: function SuccessSetPickUpRoute() {
    const { id } = Route.useSearch();
    return <PickupSuccessScreen id={id} />;
  },
});
