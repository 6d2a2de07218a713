import { createFileRoute } from '@tanstack/react-router';
import { EnrolScreen } from '../../features/officer-sign-in/enrol-screen';
import { enrolToken, holdEnrolToken } from '../../features/officer-sign-in/pending';

/**
 * The enrolment link: its token rides in the address's fragment (#…), which is never sent to the
 * server nor written in its logs. Taken into this tab's storage, then wiped from the address bar.
 */
export const Route = createFileRoute('/_guest/officer-enrol')({
  beforeLoad: () => {
    const token = window.location.hash.slice(1);
    if (/^[A-Za-z0-9_-]{43}$/.test(token)) {
      holdEnrolToken(token);
      history.replaceState(history.state, '', window.location.pathname);
    }
  },
  component: function OfficerEnrolRoute() {
    return <EnrolScreen hasToken={!!enrolToken()} />;
  },
});
