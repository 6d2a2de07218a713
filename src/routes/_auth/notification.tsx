import { createFileRoute } from '@tanstack/react-router';
import { NotificationScreen } from '../../features/notifications/components/notification-screen';

export const Route = createFileRoute('/_auth/notification')({
  component: NotificationScreen,
});
