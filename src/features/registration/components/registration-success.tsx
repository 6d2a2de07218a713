import { Trans } from '@lingui/react/macro';
import { Card, Stack } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';
import styles from './registration.module.css';

/** /register/success: the account exists. */
export function RegistrationSuccess() {
  return (
    <Card>
      <Stack gap={4} className={styles.center}>
        <svg className={styles.successMark} viewBox="0 0 48 48" width="72" height="72" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="var(--green-50)" stroke="var(--green-700)" strokeWidth="2.5" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="var(--green-700)"
            strokeWidth="3.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2>
          <Trans>Your account has been created</Trans>
        </h2>
        <p className={styles.intro}>
          <Trans>You can now log in and apply for your resident certificate.</Trans>
        </p>
        <ButtonLink to="/" wide>
          <Trans>Back to the homepage</Trans>
        </ButtonLink>
      </Stack>
    </Card>
  );
}
