import { useLingui } from '@lingui/react/macro';
import type { OfficerHistoryEntry } from '../../../../contract/officer';
import { PaymentStatusBadge, StatusBadge } from '../../../components/ui/status-badge';
import { formatCalendarDate, formatDateTime, formatSlotTime } from '../../../lib/format';
import { ACTORS } from '../labels';
import styles from './status-history.module.css';

/**
 * The server writes its own events' notes in English (the officers' notes are shown as typed):
 * these are said in the reader's language. The server names no code for them yet, so they are
 * known by their words.
 */
function useHistoryNote() {
  const { t, i18n } = useLingui();
  return (notes: string): string => {
    if (notes === 'Proof of payment uploaded') return t`Proof of payment uploaded`;
    if (notes === 'Answered the officer’s request') return t`The citizen answered the officer's question`;
    if (notes === 'The payment deadline passed without payment.')
      return t`The payment deadline passed without payment.`;
    if (notes === 'The information an officer asked for was not sent in time.')
      return t`The citizen did not send in time what the officer asked for.`;
    const bank = /^Bank transfer (\S+)$/.exec(notes);
    if (bank) return t`Bank transfer ${bank[1]}`;
    const carried = /^Payment carried over from (\S+)$/.exec(notes);
    if (carried) return t`Payment carried over from ${carried[1]}`;
    const pickup =
      /^Pick-up (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2} [AP]M)(?: \(was (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2} [AP]M)\))?$/.exec(
        notes,
      );
    if (pickup) {
      const at = `${formatCalendarDate(pickup[1]!, i18n.locale)}, ${formatSlotTime(pickup[2]!, i18n.locale)}`;
      if (!pickup[3]) return t`Pick-up booked: ${at}`;
      const was = `${formatCalendarDate(pickup[3], i18n.locale)}, ${formatSlotTime(pickup[4]!, i18n.locale)}`;
      return t`Pick-up booked: ${at} (was ${was})`;
    }
    return notes;
  };
}

/** Every change of the application, oldest first: when, who, what it became, and the notes. */
export function StatusHistory({ history }: { history: OfficerHistoryEntry[] }) {
  const { i18n } = useLingui();
  const noteOf = useHistoryNote();
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
            {h.notes && <span className={styles.notes}>{noteOf(h.notes)}</span>}
          </li>
        );
      })}
    </ol>
  );
}
