import { createFileRoute } from '@tanstack/react-router';
import { CustomerServicesScreen } from '../../features/help/components/customer-services-screen';

export const Route = createFileRoute('/_auth/customer-services')({
  component: CustomerServicesScreen,
});
