import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DeskBooking } from '../../../../contract/pickup-desk';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { checkIn } from '../api/desk';
import { HandOverDialog } from './hand-over-dialog';
import { IdCheckDialog, type CardNumberReader } from './id-check-dialog';
import styles from './desk.module.css';

/** One booked citizen at the desk: what has happened so far, and the next step. */
export function BookingRow({
  booking: b,
  onChanged,
  readCard,
}: {
  booking: DeskBooking;
  onChanged(): void;
  readCard: CardNumberReader;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState<'id' | 'hand-over' | null>(null);
  const [busy, setBusy] = useState(false);
  const when = (iso: string) => formatDateTime(iso, i18n.locale);
  const done = b.handed_over !== null || b.status === 'picked up';
  const arrive = async () => {
    setBusy(true);
    try {
      await checkIn(b.application_id);
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={styles.booking} data-testid={`booking-${b.ticket_number}`}>
      <div className={styles.who}>
        <span className={styles.ticket}>{b.ticket_number}</span>
        <span>{b.applicant_name}</span>
      </div>
      <ul className={styles.facts} aria-label={b.ticket_number}>
        {b.revoked && (
          <li className={`${styles.fact} ${styles.bad}`}>
            <Trans>Certificate revoked: do not hand over</Trans>
          </li>
        )}
        {b.checked_in && (
          <li className={styles.fact}>
            <Trans>Checked in {when(b.checked_in.at)}</Trans>
          </li>
        )}
        {b.id_check &&
          (b.id_check.matched ? (
            <li className={`${styles.fact} ${styles.ok}`}>
              <Trans>ID number matches</Trans>
            </li>
          ) : (
            <li className={`${styles.fact} ${styles.bad}`}>
              <Trans>ID number does not match</Trans>
            </li>
          ))}
        {b.handed_over && (
          <li className={`${styles.fact} ${styles.ok}`}>
            <Trans>
              Handed over to {b.handed_over.recipient_name} by {b.handed_over.by}, {when(b.handed_over.at)}
            </Trans>
          </li>
        )}
        {b.no_show && !done && (
          <li className={`${styles.fact} ${styles.warn}`}>
            <Trans>Did not come</Trans>
          </li>
        )}
        {b.printed && (
          <li className={styles.fact}>
            <Trans>
              Printed by {b.printed.by}, {when(b.printed.at)}
            </Trans>
          </li>
        )}
      </ul>
      {!done && !b.revoked && (
        <div className={styles.actions}>
          {!b.checked_in && (
            <Button variant="secondary" onPress={() => void arrive()} pending={busy}>
              <Trans>Check in</Trans>
            </Button>
          )}
          <Button variant="secondary" onPress={() => setOpen('id')}>
            <Trans>Compare ID</Trans>
          </Button>
          <Button onPress={() => setOpen('hand-over')} isDisabled={!b.id_check?.matched}>
            <Trans>Hand over</Trans>
          </Button>
        </div>
      )}
      {open === 'id' && (
        <IdCheckDialog
          id={b.application_id}
          readCard={readCard}
          onClose={() => setOpen(null)}
          onChecked={() => onChanged()}
        />
      )}
      {open === 'hand-over' && (
        <HandOverDialog
          id={b.application_id}
          holder={b.applicant_name}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            onChanged();
          }}
        />
      )}
    </li>
  );
}
