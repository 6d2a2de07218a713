import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorCode } from '../../../contract/errors';
import { formatCalendarDate, formatSlotTime } from '../../lib/format';
import { Button, ButtonLink } from '../ui/button';
import styles from './nearest-free-times.module.css';

export interface PickupTime {
  date: string;
  time: string;
}

/**
 * The free times a "slot taken" refusal names (server/services/pickup.ts nearestFreeSlots): from the
 * screen's ApiError or the outbox's kept refusal, which both carry the answer's code and data.
 */
export function nearestFreeTimes(refusal: { code: string; data?: Record<string, unknown> } | null): PickupTime[] {
  if (refusal?.code !== ErrorCode.slotUnavailable) return [];
  const list = refusal.data?.nearest_free;
  return Array.isArray(list)
    ? list.filter((t): t is PickupTime => typeof t?.date === 'string' && typeof t?.time === 'string')
    : [];
}

/**
 * "Nearest free times": one press takes the citizen to that choice. On the pick-up screen it is
 * chosen there (`onChoose`); elsewhere (the outbox, after a booking made offline was refused) each
 * time opens the pick-up screen with it chosen, to confirm.
 */
export function NearestFreeTimes({
  applicationId,
  times,
  onChoose,
}: {
  applicationId: number;
  times: PickupTime[];
  onChoose?(choice: PickupTime): void;
}) {
  const { i18n } = useLingui();
  if (!times.length) return null;
  const label = (t: PickupTime) => `${formatCalendarDate(t.date, i18n.locale)}, ${formatSlotTime(t.time, i18n.locale)}`;
  return (
    <section className={styles.nearest} aria-labelledby={`nearest-${applicationId}`}>
      <h3 id={`nearest-${applicationId}`} className={styles.title}>
        <Trans>Nearest free times</Trans>
      </h3>
      <ul className={styles.list}>
        {times.map((t) => (
          <li key={`${t.date} ${t.time}`}>
            {onChoose ? (
              <Button variant="secondary" wide onPress={() => onChoose(t)}>
                {label(t)}
              </Button>
            ) : (
              <ButtonLink
                to="/pick-up-date/$id"
                params={{ id: String(applicationId) }}
                search={{ date: t.date, time: t.time }}
                variant="secondary"
                wide
              >
                {label(t)}
              </ButtonLink>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
