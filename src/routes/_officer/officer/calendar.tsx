import { createFileRoute } from '@tanstack/react-router';
import { CalendarScreen } from '../../../features/officer/components/admin/calendar-screen';

/** Admins: public holidays and office closures, the days the working-day clock skips. */
export const Route = createFileRoute('/_officer/officer/calendar')({
  component: CalendarScreen,
});
