import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordScreen } from '../../features/account/components/change-password-screen';

export const Route = createFileRoute('/_auth/change-password')({
  component: ChangePasswordScreen,
});
