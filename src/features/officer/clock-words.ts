import { plural, t } from '@lingui/core/macro';
import type { ClockView } from '../../../contract/working-days';
import { formatDay } from '../../lib/format';

/**
 * The working-day clock in words, the way an officer says it: "due Tuesday 14 April — 1 working
 * day left", "due today", "2 working days overdue", "waiting on the citizen". Null before the
 * clock starts (the payment is not confirmed yet).
 */
export function clockWords(clock: ClockView | null | undefined, language: string): string | null {
  if (!clock) return null;
  if (clock.tone === 'paused') return t`waiting on the citizen`;
  const left = clock.working_days_left;
  if (left === null || !clock.due_on) return null;
  if (left < 0) return plural(-left, { one: '# working day overdue', other: '# working days overdue' });
  if (left === 0) return t`due today`;
  const due = formatDay(clock.due_on, language);
  return plural(left, { one: `due ${due} — # working day left`, other: `due ${due} — # working days left` });
}
