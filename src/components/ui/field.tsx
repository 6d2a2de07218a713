import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './field.module.css';

interface ChromeProps {
  label: ReactNode;
  /** Shown under the field, tied to it with aria-describedby. */
  error?: string;
  hint?: ReactNode;
}

/**
 * Splits a field's props: what its chrome shows (with the field's id), what its control carries to
 * be tied to the label and the messages, and the rest, for the control itself.
 */
export function useField<P extends ChromeProps>({ label, error, hint, ...rest }: P) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return [
    { id, label, error, hint },
    { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
    rest,
  ] as const;
}

/**
 * The label above a control, and its hint and message underneath. `labelId`: the label is named
 * by the control's aria-labelledby instead of being its <label> (a file picker's own button is its label).
 */
export function FieldChrome({
  id,
  label,
  error,
  hint,
  labelId,
  children,
}: ChromeProps & { id: string; labelId?: string; children: ReactNode }) {
  const Label = labelId ? 'span' : 'label';
  return (
    <div className={styles.field} data-invalid={error ? true : undefined}>
      <Label id={labelId} htmlFor={labelId ? undefined : id} className={styles.label}>
        {label}
      </Label>
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
export const TextField = forwardRef<
  HTMLInputElement,
  ChromeProps &
    InputHTMLAttributes<HTMLInputElement> & {
      /** Text before the input, e.g. the fixed +856 of the phone. */
      prefix?: string;
    }
>(({ prefix, className, ...props }, ref) => {
  const [chrome, tie, input] = useField(props);
  const control = <input ref={ref} {...tie} className={`${styles.control} ${className ?? ''}`} {...input} />;
  return (
    <FieldChrome {...chrome}>
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
    </FieldChrome>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, ChromeProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  (props, ref) => {
    const [chrome, tie, input] = useField(props);
    return (
      <FieldChrome {...chrome}>
        <textarea ref={ref} {...tie} rows={4} className={styles.control} {...input} />
      </FieldChrome>
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
  ChromeProps &
    SelectHTMLAttributes<HTMLSelectElement> & {
      options: Option[];
      placeholder: string;
      loading?: boolean;
      suggested?: SuggestedOptions;
    }
>(({ options, placeholder, loading, suggested, ...props }, ref) => {
  const [chrome, tie, select] = useField(props);
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
    <FieldChrome {...chrome}>
      <select
        ref={ref}
        {...tie}
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
    </FieldChrome>
  );
});
