import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { HistoryItem } from '../../../../contract/application';
import { CERTIFICATE_READY, PaymentStatus, Status } from '../../../../contract/status';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate, formatDateTime } from '../../../lib/format';
import styles from '../../../components/application/application-card.module.css';
import { Chevron } from '../../../components/ui/chevron';

/**
 * One application in the history; a ready certificate opens the certificate screen, anything else
 * the detail. An application still to be paid says until when, with "Pay now" beside the card's
 * own link (a link inside a link is not allowed).
 */
export function ApplicationCard({ item }: { item: HistoryItem }) {
  const { i18n } = useLingui();
  const ticketId = useId();
  // An older copy kept for offline reading may have no deadline: the card then only links to the detail.
  const toPay =
    item.status === Status.pending && item.payment_status === PaymentStatus.unpaid && Boolean(item.payment_deadline);
  const body = (
    <>
      <span className={styles.cardText}>
        <span className={styles.top}>
          <span className={styles.ticket} id={ticketId}>
            {item.ticket_number}
          </span>
          <StatusBadge status={item.status} paymentStatus={item.payment_status} />
        </span>
        <span className={styles.service}>
          <Trans>Resident certificate</Trans>
        </span>
        <span className={styles.date}>
          <Trans>Applied on {formatDate(item.applied_on, i18n.locale)}</Trans>
        </span>
        {toPay && (
          <span className={styles.due}>
            <Trans>Pay before {formatDateTime(item.payment_deadline, i18n.locale)}</Trans>
          </span>
        )}
      </span>
      <Chevron className={styles.chevron} />
    </>
  );
  const link = CERTIFICATE_READY.includes(item.status) ? (
    <Link
      to="/certificate-approval/$id"
      params={{ id: String(item.id) }}
      className={`${styles.card} ${styles.cardRow}`}
    >
      {body}
    </Link>
  ) : (
    <Link to="/detail-application/$id" params={{ id: String(item.id) }} className={`${styles.card} ${styles.cardRow}`}>
      {body}
    </Link>
  );
  if (!toPay) return link;
  return (
    <div className={styles.cardWithAction}>
      {link}
      <Link
        to="/waiting-for-payment/$id"
        params={{ id: String(item.id) }}
        className={styles.payNow}
        aria-describedby={ticketId}
      >
        <Trans>Pay now</Trans>
      </Link>
    </div>
  );
}
