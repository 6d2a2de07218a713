import { forwardRef, useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../ui/field';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** ISO YYYY-MM-DD when complete; what was typed so far otherwise (the form's rule then explains). */
  value?: string;
  onChange(value: string): void;
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day/month/year as printed on the ID card, whatever the phone's language: "14/03/1988". */
export function toDayMonthYear(value: string): string {
  const iso = ISO.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}

/** What was typed → the slashes put in as the digits come, and ISO once all 8 are there. */
export function fromTyped(typed: string): { text: string; value: string } {
  const iso = ISO.exec(typed.trim());
  if (iso) return { text: toDayMonthYear(typed.trim()), value: typed.trim() }; // pasted or autofilled ISO
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  const text = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
  return { text, value: digits.length === 8 ? `${digits.slice(4)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}` : text };
}

/**
 * A date of birth typed day/month/year in both languages. The browser's date picker would show
 * the phone's locale order (month first on many phones), not the order of the ID card.
 */
export const DateOfBirthField = forwardRef<HTMLInputElement, Props>(({ value = '', onChange, ...rest }, ref) => {
  const { t } = useLingui();
  const [text, setText] = useState(() => toDayMonthYear(value));
  // A value set from outside (the card's reading, a draft, the profile) replaces what is shown.
  useEffect(() => {
    if (fromTyped(text).value !== value) setText(toDayMonthYear(value));
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TextField
      ref={ref}
      {...rest}
      inputMode="numeric"
      autoComplete="bday"
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
