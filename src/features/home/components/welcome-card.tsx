import { Trans } from '@lingui/react/macro';
import { toGroupedPhone } from '../../../../contract/phone';
import { CitizenBadge } from '../../../components/layout/citizen-badge';
import { PlainButton } from '../../../components/ui/native-button';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/error-messages';
import type { ProfileState } from '../../../lib/profile';
import styles from './welcome-card.module.css';

/** Small screens: who is signed in — first and last name, phone with '+', the citizen badge. */
export function WelcomeCard({ state, onRetry }: { state: ProfileState; onRetry(): void }) {
  if (state.status === 'loading') {
    return (
      <section className={styles.card} aria-busy="true">
        <p className="visually-hidden">
          <Trans>Loading your profile…</Trans>
        </p>
        {/* The card's own lines, a line high each in either script, so nothing below moves when the profile comes. */}
        <p className={styles.hello} aria-hidden="true">
          <Trans>Welcome back,</Trans>
        </p>
        <h2 className={styles.name} aria-hidden="true">
          <Skeleton width="70%" height="1lh" />
        </h2>
        <div className={styles.meta} aria-hidden="true">
          <Skeleton width="9rem" height="1lh" />
          <CitizenBadge />
        </div>
      </section>
    );
  }
  if (state.status === 'failed') {
    return (
      <section className={`${styles.card} ${styles.failed}`} role="alert">
        <p>{errorMessage(state.error)}</p>
        <PlainButton variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </PlainButton>
      </section>
    );
  }
  const { first_name: first, last_name: last, phone_number: phone } = state.profile;
  return (
    <section className={styles.card} aria-labelledby="welcome-name">
      <p className={styles.hello}>
        <Trans>Welcome back,</Trans>
      </p>
      <h2 id="welcome-name" className={styles.name}>
        {first} {last}
      </h2>
      <div className={styles.meta}>
        {phone && <span className={styles.phone}>+856 {toGroupedPhone(phone)}</span>}
        <CitizenBadge />
      </div>
    </section>
  );
}
