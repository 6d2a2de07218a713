import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Card } from '../../../../components/layout/page';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogActions } from '../../../../components/ui/dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { SkeletonCard } from '../../../../components/ui/skeleton';
import { errorMessage } from '../../../../lib/error-messages';
import { formatDateTime, formatDay, todayInVientiane } from '../../../../lib/format';
import { useLoad } from '../../../../lib/use-load';
import { fetchCalendar, removeDayOff, type NonWorkingDay } from '../../api/calendar';
import { OFFICER_ERRORS } from '../../labels';
import { DayOffDialog } from './day-off-dialog';
import styles from './admin.module.css';

/**
 * /officer/calendar (admins): the days the working-day clock does not count — public holidays and
 * office closures — for one year, with when each last changed. A change moves the due day of
 * every open case it touches.
 */
export function CalendarScreen() {
  const { t, i18n } = useLingui();
  const [year, setYear] = useState(() => Number(todayInVientiane().slice(0, 4)));
  const state = useLoad((signal) => fetchCalendar(year, signal), [year], { keep: true });
  const [editing, setEditing] = useState<NonWorkingDay | 'new' | null>(null);
  const [removing, setRemoving] = useState<NonWorkingDay | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const days = [...(state.data ?? [])]
    .filter((d) => d.date.startsWith(String(year)))
    .sort((a, b) => a.date.localeCompare(b.date));
  const name = (d: NonWorkingDay) => (i18n.locale === 'lo' ? d.name_lo : d.name_en);
  const changedOn = (d: NonWorkingDay) => formatDateTime(d.updated_at, i18n.locale);
  const remove = async () => {
    if (!removing) return;
    setPending(true);
    setFailure(null);
    try {
      await removeDayOff(removing.id);
      setRemoving(null);
      state.retry();
    } catch (err) {
      setFailure(errorMessage(err, OFFICER_ERRORS));
      setRemoving(null);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>
          <Trans>Calendar</Trans>
        </h1>
        <div className={styles.year}>
          <Button variant="ghost" onPress={() => setYear((y) => y - 1)} aria-label={t`Previous year`}>
            ‹
          </Button>
          <span className={styles.yearValue} aria-live="polite">
            {year}
          </span>
          <Button variant="ghost" onPress={() => setYear((y) => y + 1)} aria-label={t`Next year`}>
            ›
          </Button>
        </div>
        <Button onPress={() => setEditing('new')}>
          <Trans>Add a day off</Trans>
        </Button>
      </div>
      <p className={styles.muted}>
        <Trans>
          Public holidays and office closures are not working days: the 3-working-day clock skips them. Changing a day
          moves the due day of the open cases it touches.
        </Trans>
      </p>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      {state.status === 'loading' && (
        <div aria-busy="true">
          <SkeletonCard lines={6} />
        </div>
      )}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={state.retry} />}
      {state.data && days.length === 0 && (
        <EmptyState title={<Trans>No day off in {year}</Trans>}>
          <Trans>Add the public holidays of the year and the days the office is closed.</Trans>
        </EmptyState>
      )}
      {days.length > 0 && (
        <Card as="section">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>Kind</Trans>
                </th>
                <th scope="col">
                  <Trans>Last changed</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Change</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.id}>
                  <td>
                    <strong>{formatDay(d.date, i18n.locale)}</strong>
                  </td>
                  <td data-label={t`Name`}>{name(d)}</td>
                  <td data-label={t`Kind`}>
                    <span className={styles.tag}>{d.kind === 'holiday' ? t`Public holiday` : t`Office closure`}</span>
                  </td>
                  <td data-label={t`Last changed`} className={styles.muted}>
                    {changedOn(d)}
                  </td>
                  <td>
                    <div className={styles.rowActions}>
                      <Button variant="ghost" onPress={() => setEditing(d)} aria-label={t`Move or rename ${name(d)}`}>
                        <Trans>Change</Trans>
                      </Button>
                      <Button variant="ghost" onPress={() => setRemoving(d)} aria-label={t`Remove ${name(d)}`}>
                        <Trans>Remove</Trans>
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {editing && (
        <DayOffDialog
          day={editing}
          year={year}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            state.retry();
          }}
        />
      )}
      <Dialog
        isOpen={!!removing}
        onOpenChange={(open) => !open && !pending && setRemoving(null)}
        role="alertdialog"
        title={<Trans>Remove this day off?</Trans>}
      >
        <p>
          {removing && (
            <Trans>
              {formatDay(removing.date, i18n.locale)} ({name(removing)}) becomes a working day again.
            </Trans>
          )}
        </p>
        <DialogActions>
          <Button variant="secondary" onPress={() => setRemoving(null)} isDisabled={pending} autoFocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" onPress={() => void remove()} pending={pending}>
            <Trans>Remove</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
