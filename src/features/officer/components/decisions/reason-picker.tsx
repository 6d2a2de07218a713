import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { DecisionReason } from '../../../../../contract/officer';
import styles from './decisions.module.css';

/** A reason in the officer's language (the citizen reads it in theirs). */
export const reasonText = (r: DecisionReason, language: string) => (language === 'lo' ? r.text_lo : r.text_en);

/**
 * The catalogue's reasons for one kind of decision, as check boxes: what the citizen is told comes
 * from the catalogue, in their language, with what to do about it.
 */
export function ReasonPicker({
  reasons,
  usage,
  selected,
  onChange,
  error,
  loading,
}: {
  reasons: DecisionReason[] | null;
  usage: 'reject' | 'request';
  selected: string[];
  onChange(codes: string[]): void;
  error?: string;
  loading?: boolean;
}) {
  const { i18n } = useLingui();
  const errorId = useId();
  const offered = (reasons ?? []).filter((r) => r.active && (r.usage === usage || r.usage === 'both'));
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      aria-busy={loading || undefined}
    >
      <legend className={styles.legend}>
        <Trans>Reasons (at least one)</Trans>
      </legend>
      {loading && (
        <p className={styles.muted}>
          <Trans>Loading…</Trans>
        </p>
      )}
      {offered.map((r) => (
        <label key={r.code} className={styles.check}>
          <input
            type="checkbox"
            checked={selected.includes(r.code)}
            onChange={(e) =>
              onChange(e.target.checked ? [...selected, r.code] : selected.filter((code) => code !== r.code))
            }
          />
          <span>{reasonText(r, i18n.locale)}</span>
        </label>
      ))}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
