import { createFileRoute } from '@tanstack/react-router';
import { ReasonsScreen } from '../../../features/officer/components/admin/reasons-screen';

/** Admins: the catalogue of reasons for rejecting and for asking the citizen. */
export const Route = createFileRoute('/_officer/officer/reasons')({
  component: ReasonsScreen,
});
