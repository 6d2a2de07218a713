import { Trans, useLingui } from '@lingui/react/macro';
import { parseDate, type DateValue } from '@internationalized/date';
import { useContext } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarStateContext,
  I18nProvider,
} from 'react-aria-components';
import { formatMonthYear } from '../../../lib/format';
import { isWeekendDay } from '../pickup-days';
import styles from './pickup-calendar.module.css';

/** Month and year in the interface language, Lao month names even where the browser lacks Lao data. */
function MonthHeading() {
  const { i18n } = useLingui();
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  // react-aria already gives screen readers a hidden heading with the month; this one is for the eyes.
  return (
    <p className={styles.heading} aria-hidden="true" data-testid="calendar-month">
      {formatMonthYear(state.visibleRange.start.toString(), i18n.locale)}
    </p>
  );
}

/** Monday-first weekday names from the catalogue (browsers without Lao data would show English). */
function useWeekdays() {
  const { t } = useLingui();
  return [t`Mon`, t`Tue`, t`Wed`, t`Thu`, t`Fri`, t`Sat`, t`Sun`];
}

interface PickupCalendarProps {
  value: string;
  min: string;
  max: string;
  onChange(isoDate: string): void;
}

/**
 * The inline calendar of the pick-up screen: today to 30 days ahead, weekends closed
 * (docs/decisions.md#pick-up-slots-come-from-the-server). Keyboard and screen readers get react-aria's grid navigation.
 */
export function PickupCalendar({ value, min, max, onChange }: PickupCalendarProps) {
  const { t, i18n } = useLingui();
  const weekdays = useWeekdays();
  return (
    <I18nProvider locale={i18n.locale === 'lo' ? 'lo-LA' : 'en-GB'}>
      <Calendar
        className={styles.calendar}
        aria-label={t`Pick-up date`}
        value={parseDate(value)}
        minValue={parseDate(min)}
        maxValue={parseDate(max)}
        firstDayOfWeek="mon"
        isDateUnavailable={(d: DateValue) => isWeekendDay(d.toString().slice(0, 10))}
        onChange={(d) => onChange(d.toString())}
      >
        <header className={styles.header}>
          <AriaButton slot="previous" className={styles.nav} aria-label={t`Previous month`}>
            ‹
          </AriaButton>
          <MonthHeading />
          <AriaButton slot="next" className={styles.nav} aria-label={t`Next month`}>
            ›
          </AriaButton>
        </header>
        <CalendarGrid className={styles.grid}>
          {/* Our own header row: the cells already carry full date labels, so like react-aria's it is hidden from screen readers. */}
          <thead aria-hidden="true">
            <tr>
              {weekdays.map((day) => (
                <th key={day} className={styles.weekday}>
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <CalendarGridBody>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGridBody>
        </CalendarGrid>
        <p className={styles.legend}>
          <Trans>Saturdays, Sundays and days more than 30 days ahead cannot be chosen.</Trans>
        </p>
      </Calendar>
    </I18nProvider>
  );
}
