import { useEffect } from 'react';
import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { EnrolScreen } from '../../features/officer-sign-in/enrol-screen';
import { LoginForm } from '../../features/auth/components/login-form';
import { enrolToken, holdEnrolToken, officerSecondStep } from '../../features/officer-sign-in/pending';

/**
 * The enrolment link: its token rides in the address's fragment (#…), which is never sent to the
 * server nor written in its logs. Taken into this tab's storage, then wiped from the address bar.
 */
export const Route = createFileRoute('/_guest/officer-enrol')({
  beforeLoad: ({ location }) => {
    const token = location.hash.replace(/^#/, '');
    if (/^[A-Za-z0-9_-]{43}$/.test(token)) holdEnrolToken(token);
  },
  component: function OfficerEnrolRoute() {
    const navigate = useNavigate();
    const { hash } = useLocation();
    useEffect(() => {
      if (hash) void navigate({ to: '/officer-enrol', hash: '', replace: true });
    }, [hash, navigate]);
    return (
      <EnrolScreen
        hasToken={!!enrolToken()}
        loginForm={
          // An officer's account is verified: the unverified path does not arise here.
          <LoginForm onUnverified={async () => {}} onSecondFactor={officerSecondStep((to) => navigate(to))} />
        }
      />
    );
  },
});
