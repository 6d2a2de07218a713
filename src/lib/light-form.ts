import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as v from 'valibot';
import { ApiError } from './api-client';
import { takeOverEarlyForm } from './early-submit';
import { fieldMessage } from './error-messages';

type Values = Record<string, string>;
type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * The small forms of a visitor's first screens (login, first registration step, password reset)
 * without a form library: inputs stay uncontrolled, the same schema from contract/ validates them
 * (the API applies it too), a field is checked once it has been left and again at every change
 * after that, and a refused submit focuses the first field in error. Keeps those screens light
 * on weak connections; the long signed-in forms use react-hook-form (lib/form.ts).
 *
 * `schema` may be given as a loader (`() => import(…).then((m) => m.schema)`): the schema and
 * valibot's parser are then fetched when a field is first used, not with the screen (~4 KB gzip a
 * visitor who only reads the screen never downloads, and less script to run before it answers).
 * Should that fetch fail, the form is sent unchecked and the API's check of the same schema answers.
 */
export function useLightForm<S extends v.GenericSchema<Values, unknown>, K extends keyof v.InferInput<S> & string>(
  schema: S | (() => Promise<S>),
  defaultValues: Record<K, string>,
) {
  const values = useRef<Values>({ ...defaultValues });
  const elements = useRef(new Map<string, HTMLInputElement>());
  const touched = useRef(new Set<string>());
  const [errors, setErrors] = useState<Errors<K>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  /** A submit under way (checking, then sending): a second tap meanwhile does nothing. */
  const busy = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  // Live from here: a tap made before the app ran is sent now (contract/start-app-script.ts).
  useEffect(() => {
    if (form.current) takeOverEarlyForm(form.current);
  }, []);

  /**
   * The form element's own attributes: posted (never a password in an address) if no script runs
   * at all, and kept by the page's start script if tapped before this form is live.
   */
  const formProps = { ref: form, method: 'post', 'data-early-tap': '' } as const;

  const loaded = useRef<Promise<S> | null>(null);
  /** The schema, fetched once, the first time it is needed (it brings the parts of valibot it uses). */
  const prepare = useCallback(
    () => (loaded.current ??= typeof schema === 'function' ? schema() : Promise.resolve(schema)),
    [schema],
  );

  const check = useCallback(async (): Promise<{ output?: v.InferOutput<S>; errors: Errors<K> }> => {
    let ready: S;
    try {
      ready = await prepare();
    } catch {
      loaded.current = null;
      return { output: { ...values.current } as v.InferOutput<S>, errors: {} };
    }
    // Standard Schema's entry point: the same check as valibot's safeParse, with no import of valibot here.
    const result = await ready['~standard'].validate(values.current);
    if (!result.issues) return { output: result.value, errors: {} };
    const found: Errors<K> = {};
    for (const issue of result.issues) {
      const first = issue.path?.[0];
      const key = (typeof first === 'object' ? first.key : first) as K | undefined;
      if (key && !(key in found)) found[key] = issue.message;
    }
    return { errors: found };
  }, [prepare]);

  /** Re-checks one field and keeps the other fields' messages as they are. */
  const recheck = useCallback(
    (name: K) =>
      void check().then(({ errors: found }) => {
        const message = found[name];
        setErrors((prev) => (prev[name] === message ? prev : { ...prev, [name]: message }));
      }),
    [check],
  );

  const register = (name: K) => ({
    name,
    ref: (el: HTMLInputElement | null) => {
      if (!el) return void elements.current.delete(name);
      elements.current.set(name, el);
      // A returning citizen's draft; what was typed before the app started is kept.
      if (el.value) values.current[name] = el.value;
      else if (values.current[name]) el.value = values.current[name];
    },
    onChange: (change: ChangeEvent<HTMLInputElement> | string) => {
      values.current[name] = typeof change === 'string' ? change : change.target.value;
      if (touched.current.has(name)) recheck(name);
    },
    onFocus: () => void prepare().catch(() => undefined),
    onBlur: () => {
      touched.current.add(name);
      recheck(name);
    },
  });

  const setError = (name: K, code: string, focus = false) => {
    setErrors((prev) => ({ ...prev, [name]: code }));
    if (focus) elements.current.get(name)?.focus();
  };

  /** Puts the server's field codes (`data.fields`, renamed by `rename`) under the fields; true if any was placed. */
  const applyServerErrors = (err: unknown, rename: Record<string, K> = {}): boolean => {
    if (!(err instanceof ApiError) || !Object.keys(err.fields).length) return false;
    const placed = Object.entries(err.fields).map(([field, code]) => [rename[field] ?? field, code] as const);
    setErrors((prev) => ({ ...prev, ...Object.fromEntries(placed) }));
    elements.current.get(placed[0][0])?.focus();
    return true;
  };

  const handleSubmit = (onValid: (output: v.InferOutput<S>) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      for (const [name, el] of elements.current) values.current[name] = el.value;
      Object.keys(values.current).forEach((name) => touched.current.add(name));
      const { output, errors: found } = await check();
      setErrors(found);
      const first = Object.keys(values.current).find((name) => found[name as K]);
      if (first) {
        elements.current.get(first)?.focus();
        return;
      }
      setSubmitting(true);
      await onValid(output as v.InferOutput<S>);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** The translated message under a field, or undefined. */
  const errorOf = (name: K) => fieldMessage(name, errors[name]);

  return { formProps, register, handleSubmit, errorOf, setError, applyServerErrors, isSubmitting };
}
