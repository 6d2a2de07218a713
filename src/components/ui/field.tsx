import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';

interface FieldChrome {
  label: ReactNode;
  /** Shown under the field, tied to it with aria-describedby. */
  error?: string;
  hint?: ReactNode;
  /** Text before the input, e.g. the fixed +856 of the phone. */
  prefix?: string;
}

function useFieldIds(error?: string, hint?: ReactNode) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function Chrome({ id, label, error, hint, children }: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className={styles.field} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      {children}
      {hint && <p id={`${id}-hint`} className={styles.hint}>{hint}</p>}
      {error && <p id={`${id}-error`} className={styles.error}>{error}</p>}
    </div>
  );
}

/** A labelled input with its message underneath; works with react-hook-form's register(). */
export const TextField = forwardRef<HTMLInputElement, FieldChrome & InputHTMLAttributes<HTMLInputElement>>(
  ({ label, error, hint, prefix, className, ...input }, ref) => {
    const { id, describedBy } = useFieldIds(error, hint);
    const control = <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${styles.control} ${className ?? ''}`} {...input} />;
    return (
      <Chrome id={id} label={label} error={error} hint={hint}>
        {prefix ? <div className={styles.affix}><span className={styles.prefix} aria-hidden="true">{prefix}</span>{control}</div> : control}
      </Chrome>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ label, error, hint, ...input }, ref) => {
    const { id, describedBy } = useFieldIds(error, hint);
    return (
      <Chrome id={id} label={label} error={error} hint={hint}>
        <textarea ref={ref} id={id} rows={4} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={styles.control} {...input} />
      </Chrome>
    );
  },
);

export interface Option { id: number | string; name: string }

/**
 * A native select: on cheap phones it opens the system picker, copes with 500 villages and is
 * announced correctly by every screen reader.
 */
export const SelectField = forwardRef<HTMLSelectElement, FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { options: Option[]; placeholder: string; loading?: boolean }>(
  ({ label, error, hint, options, placeholder, loading, ...select }, ref) => {
    const { id, describedBy } = useFieldIds(error, hint);
    return (
      <Chrome id={id} label={label} error={error} hint={hint}>
        <select ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} aria-busy={loading || undefined} className={`${styles.control} ${styles.select}`} {...select}>
          <option value="">{placeholder}</option>
          {options.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
        </select>
      </Chrome>
    );
  },
);
