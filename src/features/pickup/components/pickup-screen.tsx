import { useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorCode } from '../../../../contract/errors';
import { CERTIFICATE_READY, Status } from '../../../../contract/status';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { TextField } from '../../../components/ui/field';
import { Skeleton, SkeletonCard } from '../../../components/ui/skeleton';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { useApplication } from '../../../lib/application-detail';
import { errorMessage, fieldMessage } from '../../../lib/error-messages';
import { formatCalendarDate, formatSlotTime } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { fetchPickupDay, setPickupDateRequest } from '../api/pickup';
import { QueuedNotice } from '../../../components/outbox/queued-notice';
import { usePendingEntry } from '../../../lib/outbox/outbox-store';
import { OutboxStorageError, submitThroughOutbox } from '../../../lib/outbox/submit';
import { storageProblem } from '../../../lib/outbox/outbox-text';
import { firstOpenDay, nextOpenDays, pickupWindow, shiftDay } from '../pickup-days';
import { PickupCalendar } from './pickup-calendar';
import { SlotGrid } from './slot-grid';
import styles from './pickup-screen.module.css';
import { ApplicationProblem } from '../../../components/application/application-parts';
import { NearestFreeTimes, nearestFreeTimes, type PickupTime } from '../../../components/pickup/nearest-free-times';

/**
 * Why the server refused the date (weekends closed, today to 30 days ahead:
 * docs/decisions.md#pick-up-slots-come-from-the-server).
 */
const DATE_ERRORS: Record<string, MessageDescriptor> = {
  date_weekend: msg`The office is closed on Saturdays and Sundays. Please choose a weekday.`,
  date_past: msg`This date has passed. Please choose another date.`,
  date_too_far: msg`Pick-up can be booked up to 30 days ahead. Please choose an earlier date.`,
};

/** How many open days after the first are read ahead (about 1 KB each). */
const DAYS_AHEAD = 5;

/**
 * Once the first day has loaded, the next open days are read too (each answer is kept on the
 * device by the API client), so a citizen whose connection drops can still choose among them and
 * the booking waits in the outbox.
 */
function useDaysAhead(ready: boolean, from: string, max: string, id: number) {
  // Once per visit: started when the first day is ready, not stopped when another day is loading.
  const [started, setStarted] = useState(false);
  if (ready && !started) setStarted(true);
  useLoad(
    started
      ? async (signal) => {
          for (const day of nextOpenDays(firstOpenDay(from), DAYS_AHEAD, max)) {
            if (signal.aborted) return;
            await fetchPickupDay(day, id, signal).catch(() => undefined);
          }
        }
      : null,
    [from, max, id],
  );
}

/** /pick-up-date/{id}: inline calendar, the chosen date, the day's slots and 'confirm pick-up'. */
export function PickupScreen({ id, offered }: { id: number; offered?: { date: string; time?: string } }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const application = useApplication(id);
  const window = useMemo(() => pickupWindow(), []);
  // A time offered elsewhere (the outbox's nearest free ones) arrives chosen; otherwise the first open day.
  const offeredDay = offered && offered.date >= window.min && offered.date <= window.max ? offered : undefined;
  const [date, setDate] = useState(() => offeredDay?.date ?? firstOpenDay(window.min));
  const [time, setTime] = useState(offeredDay?.time ?? '');
  const [nearest, setNearest] = useState<PickupTime[]>([]);
  const [timeError, setTimeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const chosenByCitizen = useRef(Boolean(offeredDay));
  const slots = useLoad((signal) => fetchPickupDay(date, id, signal), [date, id]);
  useDaysAhead(slots.status === 'ready', window.min, window.max, id);
  // One key per choice: a retry of the same choice (weak connection) never books twice.
  const idempotencyKey = useMemo(() => newIdempotencyKey(), [date, time]); // eslint-disable-line react-hooks/exhaustive-deps

  // Default: today, or the next open day when today has no time left.
  useEffect(() => {
    if (chosenByCitizen.current || slots.status !== 'ready' || slots.data.open) return;
    const next = firstOpenDay(shiftDay(date, 1));
    if (next <= window.max) setDate(next);
  }, [slots, date, window.max]);

  function chooseDate(next: string) {
    chosenByCitizen.current = true;
    setDate(next);
    setTime('');
    setTimeError(undefined);
  }

  function chooseNearest(choice: PickupTime) {
    chooseDate(choice.date);
    setTime(choice.time);
    setNearest([]);
    setFailure(null);
  }

  async function confirm() {
    setFailure(null);
    setNearest([]);
    if (!time) {
      setTimeError(fieldMessage('time', 'time_required'));
      return;
    }
    setSending(true);
    try {
      const outcome = await submitThroughOutbox(setPickupDateRequest(id, { date, time }, idempotencyKey));
      if (outcome.result === 'refused') throw outcome.error;
      if (outcome.result === 'sent') await navigate({ to: '/success-set-pick-up', search: { id } });
      else await navigate({ to: '/outbox', search: { queued: outcome.entry.id } });
    } catch (err) {
      setSending(false);
      if (err instanceof OutboxStorageError) {
        setFailure(storageProblem(err));
        return;
      }
      if (err instanceof ApiError && err.code === ErrorCode.slotUnavailable) {
        setTime('');
        setNearest(nearestFreeTimes(err));
        slots.retry();
      }
      const dateCode = err instanceof ApiError ? err.fields.date : undefined;
      const timeCode = err instanceof ApiError && err.code === ErrorCode.validation ? err.fields.time : undefined;
      setFailure(
        dateCode && DATE_ERRORS[dateCode]
          ? i18n._(DATE_ERRORS[dateCode])
          : dateCode
            ? (fieldMessage('date', dateCode) ?? errorMessage(err))
            : timeCode
              ? (fieldMessage('time', timeCode) ?? errorMessage(err))
              : errorMessage(err),
      );
    }
  }

  const a = application.application;
  const queued = usePendingEntry('set-pickup-date', id);
  const bookable = a && CERTIFICATE_READY.includes(a.status);

  return (
    <Page
      header={
        <AppHeader
          title={<Trans>Pick-up date</Trans>}
          back={() => void navigate({ to: '/certificate-approval/$id', params: { id: String(id) } })}
          bell
        />
      }
    >
      {application.status === 'loading' && (
        <div aria-busy="true">
          <SkeletonCard lines={6} />
        </div>
      )}
      <ApplicationProblem state={application} />
      {a && !bookable && (
        <Card as="section">
          <p>
            <Trans>A pick-up can be booked once the certificate is issued, and changed until the booked time.</Trans>
          </p>
          <ButtonLink to="/detail-application/$id" params={{ id: String(a.id) }} variant="secondary" wide>
            <Trans>Check detail</Trans>
          </ButtonLink>
        </Card>
      )}
      {a && bookable && (
        <>
          <p className={styles.intro}>
            <Trans>
              Choose when to pick up the certificate of application <strong>{a.ticket_number}</strong> at the office.
            </Trans>
          </p>
          {a.status === Status.waitingToPickup && a.pickup_date && (
            <Banner tone="info">
              <Trans>
                Booked now: {formatCalendarDate(a.pickup_date, i18n.locale)},{' '}
                {formatSlotTime(a.pickup_time ?? '', i18n.locale)}. A new choice replaces it.
              </Trans>
            </Banner>
          )}
          {failure && (
            <Banner tone="error" onDismiss={() => setFailure(null)}>
              {failure}
            </Banner>
          )}
          <NearestFreeTimes applicationId={id} times={nearest} onChoose={chooseNearest} />
          {queued && (
            <>
              <QueuedChoice date={queued.detail.date ?? ''} time={queued.detail.time ?? ''} />
              <QueuedNotice confirming={queued.maybeReached} />
            </>
          )}
          <Card as="section">
            <PickupCalendar value={date} min={window.min} max={window.max} onChange={chooseDate} />
          </Card>
          <Card as="section">
            <TextField
              label={t`Pick-up date`}
              value={formatCalendarDate(date, i18n.locale)}
              readOnly
              data-testid="chosen-date"
            />
            {slots.status === 'loading' && (
              <div className={styles.loadingGrid} aria-busy="true" aria-label={t`Loading times`}>
                {Array.from({ length: 12 }, (_, i) => (
                  <Skeleton key={i} height={56} />
                ))}
              </div>
            )}
            {slots.status === 'failed' && <LoadFailed error={slots.error} onRetry={slots.retry} />}
            {slots.status === 'ready' && !slots.data.open && (
              <Banner tone="warning" focusOnShow={false}>
                <Trans>No pick-up times are left on this day. Please choose another date.</Trans>
              </Banner>
            )}
            {slots.status === 'ready' && slots.data.open && (
              <SlotGrid
                slots={slots.data.slots}
                value={time}
                onChange={(next) => {
                  setTime(next);
                  setTimeError(undefined);
                }}
                error={timeError}
              />
            )}
          </Card>
          <Button onPress={confirm} pending={sending} pendingLabel={t`loading`} wide>
            <Trans>Confirm pick-up</Trans>
          </Button>
        </>
      )}
    </Page>
  );
}

/** The pick-up choice waiting in the outbox. */
function QueuedChoice({ date, time }: { date: string; time: string }) {
  const { i18n } = useLingui();
  const day = formatCalendarDate(date, i18n.locale);
  const slot = formatSlotTime(time, i18n.locale);
  return (
    <p className={styles.intro}>
      <Trans>
        Waiting to be sent: {day}, {slot}.
      </Trans>
    </p>
  );
}
