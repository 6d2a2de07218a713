import { createFileRoute } from '@tanstack/react-router';
import { DeskLayout } from '../../../features/officer/components/desk/desk-layout';

/** Every back-office screen in one frame: the header with the way around, the language and "Log out". */
export const Route = createFileRoute('/_officer/officer')({
  component: DeskLayout,
});
