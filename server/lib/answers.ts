import * as v from 'valibot';
import { schema, type RouteSchema } from './validation';

/**
 * The answers a route declares (its `response` schemas). Every route also answers the one error
 * shape (docs/decisions.md#one-error-shape) for any 4xx and 5xx, so that is added here once.
 */
export const errorAnswer = v.pipe(
  v.object({
    message: v.string(),
    data: v.pipe(
      v.object({
        error_code: v.string(),
        message: v.string(),
        fields: v.optional(
          v.pipe(v.record(v.string(), v.string()), v.description('The field codes, by field name (form errors)')),
        ),
        // Login's 403 x009 names the account's e-mail, so the app can open the code screen.
        email: v.optional(v.string()),
        // A pick-up time taken meanwhile: the free times nearest to it, so the citizen chooses at once.
        nearest_free: v.optional(v.array(v.object({ date: v.string(), time: v.string() }))),
      }),
      v.description('error_code is stable (contract/errors.ts); the client shows its own text for it'),
    ),
  }),
  v.description('Error'),
);

type FileAnswer = ReturnType<typeof fileAnswer> | ReturnType<typeof noBody>;

type Answers<T extends Record<number, v.GenericSchema | FileAnswer>> = {
  [K in keyof T]: T[K] extends v.GenericSchema ? RouteSchema<T[K]> : T[K];
} & {
  '4xx': RouteSchema<typeof errorAnswer>;
  '5xx': RouteSchema<typeof errorAnswer>;
};

/** `response` of a route: its successful answers by status, and the error shape for 4xx and 5xx. */
export function answers<T extends Record<number, v.GenericSchema | FileAnswer>>(ok: T): Answers<T> {
  const out: Record<string, RouteSchema | FileAnswer> = {};
  for (const [status, s] of Object.entries(ok)) out[status] = 'kind' in s ? schema(s) : s;
  out['4xx'] = schema(errorAnswer);
  out['5xx'] = schema(errorAnswer);
  return out as Answers<T>;
}

/** `{ data: … }`, the envelope of the specification's answers. */
export const dataAnswer = <S extends v.GenericSchema>(data: S, description?: string) =>
  v.pipe(v.object({ data }), v.description(description ?? 'OK'));

/** `{ message: … }` alone. */
export const messageAnswer = (description: string) =>
  v.pipe(v.object({ message: v.string() }), v.description(description));

/** `{ message, data }`. */
export const messageDataAnswer = <S extends v.GenericSchema>(data: S, description?: string) =>
  v.pipe(v.object({ message: v.string(), data }), v.description(description ?? 'OK'));

/** No body (204, 304, a HEAD): `type: 'null'` is how @fastify/swagger writes an answer without content. */
export const noBody = (description: string) => ({ type: 'null', description }) as const;

/** Bytes of a file (a document, a certificate): described for the document, never serialized. */
export const fileAnswer = (description: string, types: readonly string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});
