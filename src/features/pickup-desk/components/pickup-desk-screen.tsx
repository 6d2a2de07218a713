import { Link, useNavigate } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DeskDay } from '../../../../contract/pickup-desk';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/error-messages';
import { formatCalendarDate, formatDateTime, formatSlotTime, todayInVientiane } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { downloadBatch, fetchDeskDay, printDay, setCapacity } from '../api/desk';
import { BookingRow } from './booking-row';
import type { CardNumberReader } from './id-check-dialog';
import styles from './desk.module.css';

export interface DeskSearch {
  date?: string;
  district?: number;
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * /officer/pickup-desk: a district office's pick-ups of a day by slot — check a citizen in,
 * compare their ID number, hand the certificate over; print the day's certificates in one go.
 */
export function PickupDeskScreen({ search, readCard }: { search: DeskSearch; readCard: CardNumberReader }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const today = todayInVientiane();
  const date = search.date ?? today;
  const language = currentLanguage();
  const day = useLoad((signal) => fetchDeskDay(date, search.district, signal), [date, search.district, language], {
    keep: true,
  });
  const go = (next: DeskSearch) => void navigate({ to: '/officer/pickup-desk', search: { ...search, ...next } });
  const data = day.data;

  return (
    <Page wide header={<AppHeader title={<Trans>Pick-up desk</Trans>} back={false} />}>
      <div className={styles.desk}>
        <p>
          <Link to="/officer">
            <Trans>Back to the applications</Trans>
          </Link>
        </p>
        <Card as="section">
          <div className={styles.controls}>
            <TextField
              label={<Trans>Date</Trans>}
              type="date"
              value={date}
              onChange={(e) => e.target.value && go({ date: e.target.value })}
            />
            {data && data.offices.length > 1 && (
              <SelectField
                label={<Trans>District office</Trans>}
                placeholder={t`Choose a district office`}
                options={data.offices.map((o) => ({ id: o.id, name: language === 'lo' ? o.name_lo : o.name_en }))}
                value={String(data.district_id)}
                onChange={(e) => go({ district: Number(e.target.value) })}
              />
            )}
            <div className={styles.quick}>
              <Button variant="secondary" onPress={() => go({ date: today })}>
                <Trans>Today</Trans>
              </Button>
              <Button variant="secondary" onPress={() => go({ date: shift(today, 1) })}>
                <Trans>Tomorrow</Trans>
              </Button>
            </div>
          </div>
        </Card>

        {day.status === 'loading' && (
          <div aria-busy="true">
            <SkeletonCard lines={6} />
          </div>
        )}
        {day.status === 'failed' && <LoadFailed error={day.error} onRetry={day.retry} />}
        {data && (
          <>
            <DaySummary day={data} onChanged={day.retry} />
            {data.slots.length === 0 && (
              <Card as="section">
                <p role="status">
                  <Trans>No pick-up is booked on {formatCalendarDate(data.date, i18n.locale)}.</Trans>
                </p>
              </Card>
            )}
            {data.slots.map((slot) => (
              <Card as="section" key={slot.time}>
                <div className={styles.slot}>
                  <h2 className={styles.slotTime}>{formatSlotTime(slot.time, i18n.locale)}</h2>
                  <ul className={styles.bookings}>
                    {slot.bookings.map((b) => (
                      <BookingRow key={b.application_id} booking={b} onChanged={day.retry} readCard={readCard} />
                    ))}
                  </ul>
                </div>
              </Card>
            ))}
            {data.day_over && <NoShows day={data} />}
          </>
        )}
      </div>
    </Page>
  );
}

/** How many are booked and handed over, the seats per slot, and printing the day's certificates. */
function DaySummary({ day, onChanged }: { day: DeskDay; onChanged(): void }) {
  const { i18n } = useLingui();
  const all = day.slots.flatMap((s) => s.bookings);
  const handed = all.filter((b) => b.handed_over || b.status === 'picked up').length;
  const waiting = all.filter((b) => !b.handed_over && b.status !== 'picked up' && !b.revoked).length;
  const [asking, setAsking] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success'; printed: number } | { tone: 'error'; text: string } | null>(
    null,
  );
  const [seats, setSeats] = useState(String(day.capacity));
  const print = async () => {
    setAsking(false);
    setPrinting(true);
    setNotice(null);
    try {
      const batch = await printDay(day.date, day.district_id);
      await downloadBatch(batch.batch_id, `certificates-${day.date}.pdf`);
      setNotice({ tone: 'success', printed: batch.certificates });
      onChanged();
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessage(err) });
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Card as="section">
      <div className={styles.summary}>
        <p role="status">
          <Plural value={all.length} one="# booking" other="# bookings" />
          {' · '}
          <Trans>{handed} handed over</Trans>
          {' · '}
          <Trans>{waiting} waiting</Trans>
        </p>
        <Button
          onPress={() => (day.last_print ? setAsking(true) : void print())}
          pending={printing}
          isDisabled={waiting === 0}
        >
          <Trans>Print all certificates of this day</Trans>
        </Button>
      </div>
      {day.last_print && (
        <p className={styles.muted} data-testid="last-print">
          <Trans>
            Printed before on {formatDateTime(day.last_print.at, i18n.locale)} by {day.last_print.by} (
            {day.last_print.certificates} certificates).
          </Trans>
        </p>
      )}
      {notice?.tone === 'success' && (
        <Banner tone="success">
          <Plural
            value={notice.printed}
            one="# certificate sent as one PDF to print."
            other="# certificates sent as one PDF to print."
          />
        </Banner>
      )}
      {notice?.tone === 'error' && <Banner tone="error">{notice.text}</Banner>}
      {day.may_edit_capacity ? (
        <form
          className={styles.seats}
          onSubmit={(e) => {
            e.preventDefault();
            void setCapacity(day.district_id, Number(seats)).then(onChanged);
          }}
        >
          <TextField
            label={<Trans>Seats per pick-up slot</Trans>}
            type="number"
            min={0}
            max={50}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            <Trans>Save</Trans>
          </Button>
        </form>
      ) : (
        <p className={styles.muted}>
          <Trans>Seats per pick-up slot: {day.capacity}</Trans>
        </p>
      )}
      <Dialog
        isOpen={asking}
        onOpenChange={(open) => !open && setAsking(false)}
        role="alertdialog"
        title={<Trans>Print again?</Trans>}
      >
        {day.last_print && (
          <p>
            <Trans>
              These certificates were printed on {formatDateTime(day.last_print.at, i18n.locale)} by {day.last_print.by}
              . Print them again?
            </Trans>
          </p>
        )}
        <DialogActions>
          <Button variant="secondary" onPress={() => setAsking(false)} autoFocus>
            <Trans>No</Trans>
          </Button>
          <Button onPress={() => void print()}>
            <Trans>Print again</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/** At the end of the office's day: who did not come (each is mailed to book again). */
function NoShows({ day }: { day: DeskDay }) {
  const missed = day.slots.flatMap((s) => s.bookings.filter((b) => b.no_show).map((b) => ({ ...b, time: s.time })));
  const { i18n } = useLingui();
  return (
    <Card as="section">
      <h2 className={styles.slotTime}>
        <Trans>Did not come</Trans>
      </h2>
      {missed.length === 0 ? (
        <p>
          <Trans>Everyone booked for this day came.</Trans>
        </p>
      ) : (
        <>
          <p className={styles.muted}>
            <Trans>Each is sent an email inviting them to book a new pick-up.</Trans>
          </p>
          <ul className={styles.bookings}>
            {missed.map((b) => (
              <li key={b.application_id}>
                {formatSlotTime(b.time, i18n.locale)} · {b.ticket_number} · {b.applicant_name}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
