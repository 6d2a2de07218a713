import { useLingui } from '@lingui/react/macro';
import type { OfficerHistoryEntry } from '../../../../contract/officer';
import { PaymentStatusBadge, StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { ACTORS } from '../labels';
import styles from './status-history.module.css';

/** Every change of the application, oldest first: when, who, what it became, and the notes. */
export function StatusHistory({ history }: { history: OfficerHistoryEntry[] }) {
  const { i18n } = useLingui();
  return (
    <ol className={styles.history}>
      {history.map((h) => {
        const paymentChanged =
          h.to_payment_status && h.from_payment_status !== h.to_payment_status && h.from_payment_status !== null;
        const actor = i18n._(ACTORS[h.actor]);
        return (
          <li key={h.id} className={styles.event}>
            <span className={styles.eventTop}>
              <StatusBadge status={h.to_status} />
              {paymentChanged && <PaymentStatusBadge status={h.to_payment_status!} />}
            </span>
            <span className={styles.muted}>
              {[formatDateTime(h.at, i18n.locale), actor, h.actor_email].filter(Boolean).join(' · ')}
            </span>
            {h.notes && <span className={styles.notes}>{h.notes}</span>}
          </li>
        );
      })}
    </ol>
  );
}
