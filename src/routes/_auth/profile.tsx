import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/account/components/profile-screen';

export const Route = createFileRoute('/_auth/profile')({
  component: ProfileScreen,
});
