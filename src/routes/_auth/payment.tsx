import { createFileRoute } from '@tanstack/react-router';
import { PaymentStepScreen } from '../../features/application/components/payment-step-screen';

/** Step 3 of the application: fee, bank, and the request that creates the application. */
export const Route = createFileRoute('/_auth/payment')({
  component: PaymentStepScreen,
});
