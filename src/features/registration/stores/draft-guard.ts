import { redirect } from '@tanstack/react-router';
import { draftReady } from './registration-draft';

/**
 * The registration screens after the first need the e-mail of the draft; without it they send
 * the citizen back (to /register, or to / from the code screen).
 */
export async function requireDraftEmail(to: '/register' | '/'): Promise<void> {
  const draft = await draftReady();
  if (!draft.email) throw redirect({ to, replace: true });
}
