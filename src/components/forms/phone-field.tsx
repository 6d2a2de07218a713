import { forwardRef, type InputHTMLAttributes } from 'react';
import { groupPhoneDigits } from '../../../contract/phone';
import { TextField } from '../ui/field';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: React.ReactNode;
  error?: string;
  /** Given: a controlled field. Left out: the input keeps its own value (lib/light-form.ts). */
  value?: string;
  onChange(value: string): void;
};

/** The phone number after a fixed +856, grouped 2-4-4 as the citizen types (docs/specification.md#validation-rules). */
export const PhoneField = forwardRef<HTMLInputElement, Props>(({ value, onChange, ...rest }, ref) => (
  <TextField
    ref={ref}
    {...rest}
    prefix="+856"
    type="tel"
    inputMode="numeric"
    autoComplete="tel-national"
    placeholder="20 1234 5678"
    maxLength={12}
    {...(value === undefined ? {} : { value })}
    onChange={(e) => {
      const grouped = groupPhoneDigits(e.target.value);
      if (value === undefined && e.target.value !== grouped) e.target.value = grouped;
      onChange(grouped);
    }}
  />
));
