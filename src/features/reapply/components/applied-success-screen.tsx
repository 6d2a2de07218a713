import { Trans } from '@lingui/react/macro';
import { ticketNumber } from '../../../../contract/application';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { SupportContacts } from '../../../components/layout/support-contacts';
import { ButtonLink } from '../../../components/ui/button';
import styles from './applied-success.module.css';

function SuccessMark() {
  return (
    <svg viewBox="0 0 120 120" width="112" height="112" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="var(--green-50)" />
      <circle cx="60" cy="60" r="40" fill="var(--green-700)" />
      <path d="M42 61l12 12 25-27" fill="none" stroke="var(--white)" strokeWidth="8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** /applied-success/{id}: the new application's ticket reference (RC0000 + id, spec §9). */
export function AppliedSuccessScreen({ id }: { id: number }) {
  return (
    <Page header={<AppHeader title={<Trans>Applied successfully</Trans>} back="/application-history" bell />}>
      <section className={styles.success} aria-labelledby="applied-success-title">
        <SuccessMark />
        <h2 id="applied-success-title" className={styles.title}><Trans>Applied again successfully</Trans></h2>
        <p><Trans>Your new application</Trans></p>
        <p className={styles.reference} data-testid="ticket-number">{ticketNumber(id)}</p>
        <p><Trans>has been received and will be processed in 3 working days. You will get a notification when its status changes.</Trans></p>
        <ButtonLink to="/application-history" wide><Trans>Check Application Status</Trans></ButtonLink>
      </section>
      <SupportContacts />
    </Page>
  );
}
