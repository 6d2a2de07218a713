import { createFileRoute } from '@tanstack/react-router';
import { AccountsScreen } from '../../../features/officer/components/admin/accounts-screen';

/** Admins: the officers of their office, and the office each serves. */
export const Route = createFileRoute('/_officer/officer/accounts')({
  component: AccountsScreen,
});
