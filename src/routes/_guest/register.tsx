import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadRegistrationWords } from '../../lib/i18n';

/** The registration screens: their words are loaded here, not with every visitor's screen. */
export const Route = createFileRoute('/_guest/register')({
  beforeLoad: loadRegistrationWords,
  component: Outlet,
});
