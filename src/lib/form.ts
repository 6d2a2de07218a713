import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as v from 'valibot';
import { ApiError } from './api-client';
import { fieldMessage } from './error-messages';

/**
 * A react-hook-form form validated by a schema from contract/ — the same rules the API applies.
 * Errors carry field codes; `errorOf` turns them into catalogue text in the chosen language.
 */
export function useSchemaForm<S extends v.GenericSchema<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<v.InferInput<S>>, 'resolver'> = {},
) {
  return useForm<v.InferInput<S>, unknown, v.InferOutput<S>>({
    mode: 'onTouched',
    shouldFocusError: true,
    ...options,
    resolver: valibotResolver(schema) as never,
  });
}

/** The translated message under a field, or undefined. */
export function errorOf<T extends FieldValues>(errors: FieldErrors<T>, name: Path<T> & string): string | undefined {
  const err = name
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
    { message?: string } | undefined;
  return fieldMessage(name.split('.').pop()!, err?.message);
}

/** Puts the server's field codes (`data.fields`) under the fields; true if any was placed. */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  err: unknown,
): boolean {
  if (!(err instanceof ApiError) || !Object.keys(err.fields).length) return false;
  let first = true;
  for (const [field, code] of Object.entries(err.fields)) {
    form.setError(field as Path<T>, { type: 'server', message: code }, { shouldFocus: first });
    first = false;
  }
  return true;
}
