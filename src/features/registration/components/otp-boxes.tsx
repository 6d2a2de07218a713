import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import styles from './otp.module.css';

interface Props {
  value: string;
  length: number;
  onChange(value: string): void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Single-digit boxes. The phone's keyboard may offer the mailed code
 * (autocomplete="one-time-code") or the citizen may paste it: the whole code fills every box.
 */
export function OtpBoxes({ value, length, onChange, invalid, describedBy }: Props) {
  const { t } = useLingui();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');

  // The latest value between renders: focus and key events fire before React re-renders.
  const current = useRef(value);
  current.current = value;

  /** Writes typed or pasted digits from box `from` on (never leaving a gap) and moves on. */
  const fill = (from: number, typed: string) => {
    const clean = typed.replace(/\D/g, '');
    if (!clean) return;
    const start = Math.min(from, current.current.length);
    const next = (current.current.slice(0, start) + clean).slice(0, length);
    current.current = next;
    onChange(next);
    boxes.current[Math.min(next.length, length - 1)]?.focus();
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      const at = current.current[i] ? i : Math.max(0, i - 1);
      current.current = current.current.slice(0, at);
      onChange(current.current);
      boxes.current[at]?.focus();
    } else if (e.key === 'ArrowLeft' && i > 0) boxes.current[i - 1]?.focus();
    else if (e.key === 'ArrowRight' && i < length - 1) boxes.current[i + 1]?.focus();
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(i, e.clipboardData.getData('text'));
  };

  return (
    <div className={styles.boxes} role="group" aria-label={t`Verification code`}>
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          className={styles.box}
          value={digit}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={i === 0 ? length : 1}
          aria-label={t`Digit ${i + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          // Selected on focus, so a typed digit replaces the box's digit.
          onFocus={(e) => e.target.select()}
          onChange={(e) => fill(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
        />
      ))}
    </div>
  );
}
