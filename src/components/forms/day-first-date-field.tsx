import { forwardRef, useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { fromTyped, toDayMonthYear } from '../../lib/day-month-year';
import { TextField } from '../ui/field';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** ISO YYYY-MM-DD when complete; what was typed so far otherwise (the form's rule then explains). */
  value?: string;
  onChange(value: string): void;
};

/**
 * A date typed day/month/year in both languages, for every date a citizen types (the date of
 * birth, the family book's date): the browser's date picker would show the phone's locale order
 * (month first on many phones), not the order printed on the ID card and the family book. The form
 * holds the ISO date the API expects. `autoComplete="bday"` for a date of birth.
 */
export const DayFirstDateField = forwardRef<HTMLInputElement, Props>(({ value = '', onChange, ...rest }, ref) => {
  const { t } = useLingui();
  const [text, setText] = useState(() => toDayMonthYear(value));
  // A value set from outside (the card's reading, a draft, the profile) replaces what is shown.
  useEffect(() => {
    if (fromTyped(text).value !== value) setText(toDayMonthYear(value));
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TextField
      ref={ref}
      autoComplete="off"
      {...rest}
      inputMode="numeric"
      placeholder={t`DD/MM/YYYY`}
      maxLength={10}
      value={text}
      onChange={(e) => {
        const next = fromTyped(e.target.value);
        setText(next.text);
        onChange(next.value);
      }}
    />
  );
});
