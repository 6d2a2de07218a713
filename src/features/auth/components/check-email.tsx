import { Trans } from '@lingui/react/macro';
import { Card, Stack } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';
import styles from '../../../components/forms/public-form.module.css';

/** /check-email: the reset link is on its way. */
export function CheckEmail() {
  return (
    <Card>
      <Stack gap={4} className={styles.center}>
        <svg className={styles.mark} viewBox="0 0 48 48" width="72" height="72" aria-hidden="true">
          <rect
            x="5"
            y="11"
            width="38"
            height="26"
            rx="4"
            fill="var(--blue-50)"
            stroke="var(--blue-800)"
            strokeWidth="2.5"
          />
          <path d="M7 14l17 13 17-13" fill="none" stroke="var(--blue-800)" strokeWidth="2.5" strokeLinejoin="round" />
        </svg>
        <h2>
          <Trans>Check your email</Trans>
        </h2>
        <p>
          <Trans>
            If an account exists for this email, we sent a link to reset your password. The link is valid for 30
            minutes.
          </Trans>
        </p>
        <p className={styles.intro}>
          <Trans>No email after a few minutes? Check your spam folder, or ask for a new link.</Trans>
        </p>
        <ButtonLink to="/" wide>
          <Trans>Back to the homepage</Trans>
        </ButtonLink>
      </Stack>
    </Card>
  );
}
