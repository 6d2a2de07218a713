import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
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
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its message underneath; works with react-hook-form's register(). */
export const TextField = forwardRef<HTMLInputElement, FieldChrome & InputHTMLAttributes<HTMLInputElement>>(
  ({ label, error, hint, prefix, className, ...input }, ref) => {
    const { id, describedBy } = useFieldIds(error, hint);
    const control = (
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${styles.control} ${className ?? ''}`}
        {...input}
      />
    );
    return (
      <Chrome id={id} label={label} error={error} hint={hint}>
        {prefix ? (
          <div className={styles.affix}>
            <span className={styles.prefix} aria-hidden="true">
              {prefix}
            </span>
            {control}
          </div>
        ) : (
          control
        )}
      </Chrome>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ label, error, hint, ...input }, ref) => {
    const { id, describedBy } = useFieldIds(error, hint);
    return (
      <Chrome id={id} label={label} error={error} hint={hint}>
        <textarea
          ref={ref}
          id={id}
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={styles.control}
          {...input}
        />
      </Chrome>
    );
  },
);

export interface Option {
  id: number | string;
  name: string;
}

/**
 * A native select: on cheap phones it opens the system picker, copes with 500 villages and is
 * announced correctly by every screen reader.
 */
/** Options to offer first, in their own group (e.g. the places an ID card names), best first. */
export interface SuggestedOptions {
  ids: number[];
  label: string;
  restLabel: string;
}

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldChrome &
    SelectHTMLAttributes<HTMLSelectElement> & {
      options: Option[];
      placeholder: string;
      loading?: boolean;
      suggested?: SuggestedOptions;
    }
>(({ label, error, hint, options, placeholder, loading, suggested, ...select }, ref) => {
  const { id, describedBy } = useFieldIds(error, hint);
  const first = suggested
    ? suggested.ids.map((s) => options.find((o) => o.id === s)).filter((o): o is Option => o !== undefined)
    : [];
  const rest = first.length ? options.filter((o) => !first.includes(o)) : options;
  const list = (items: Option[]) =>
    items.map((o) => (
      <option key={o.id} value={o.id}>
        {o.name}
      </option>
    ));
  return (
    <Chrome id={id} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-busy={loading || undefined}
        className={`${styles.control} ${styles.select}`}
        {...select}
      >
        <option value="">{placeholder}</option>
        {first.length ? (
          <>
            <optgroup label={suggested!.label}>{list(first)}</optgroup>
            <optgroup label={suggested!.restLabel}>{list(rest)}</optgroup>
          </>
        ) : (
          list(options)
        )}
      </select>
    </Chrome>
  );
});
