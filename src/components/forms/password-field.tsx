import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../ui/field';
import styles from './password-field.module.css';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: React.ReactNode; error?: string; hint?: React.ReactNode };

/** A password input with a show/hide control (typing a password on a small phone keyboard is error-prone). */
export const PasswordField = forwardRef<HTMLInputElement, Props>((props, ref) => {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.wrap}>
      <TextField ref={ref} {...props} type={shown ? 'text' : 'password'} className={styles.input} />
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
        aria-label={shown ? t`Hide password` : t`Show password`}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          {shown && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" />}
        </svg>
      </button>
    </div>
  );
});
