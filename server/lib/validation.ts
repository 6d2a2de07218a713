import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './http-error';
import { ErrorCode } from '../../contract/errors';
import { FieldError } from '../../contract/rules';

/**
 * Routes declare their body/params/query and their answers as valibot schemas — the request ones
 * from contract/, the same rules the forms use. `schema()` turns one into JSON Schema for the
 * OpenAPI document and remembers the valibot original, which the validator compiler then runs (so
 * field codes are ours, not Ajv's).
 */
const originals = new WeakMap<object, v.GenericSchema>();

declare const valibotSchema: unique symbol;
/** A route part's JSON Schema that still carries, for the compiler only, the valibot schema it came from. */
export type RouteSchema<S extends v.GenericSchema = v.GenericSchema> = Record<string, unknown> & {
  readonly [valibotSchema]?: S;
};

export function schema<S extends v.GenericSchema>(s: S): RouteSchema<S> {
  const { $schema: _ignored, ...json } = toJsonSchema(s, { errorMode: 'ignore' }) as Record<string, unknown>;
  originals.set(json, s);
  return json;
}

/**
 * Types a handler's req.body, req.params and req.query from the valibot schemas of its route (what
 * the validator compiler hands over: the schema's output, transforms applied) and its answer from
 * the response schemas — no cast in a handler. Hand-written rather than a JSON-Schema-to-TS
 * provider: the valibot types are already there, the JSON Schema is only their picture.
 */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends RouteSchema<infer S> ? v.InferOutput<S> : unknown;
  serializer: this['schema'] extends RouteSchema<infer S> ? v.InferInput<S> : unknown;
}

export const idParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'invalid_id'), v.transform(Number), v.minValue(1, 'invalid_id')),
});

export class ValidationError extends HttpError {
  constructor(fields: Record<string, string>) {
    const first = Object.entries(fields)[0];
    super(400, ErrorCode.validation, first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request', fields);
  }
}

export function fieldsOf(issues: v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    // valibot reports a key missing from an object with its own English sentence: it is a required field.
    const missingKey = issue.kind === 'schema' && issue.type === 'object' && issue.input === undefined && key !== '_';
    fields[key] ??= missingKey ? FieldError.required : issue.message;
  }
  return fields;
}

/**
 * The dot path of the first string holding a NUL character: PostgreSQL text and jsonb cannot store
 * one, so it is refused as a bad character before any query sees it.
 */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/**
 * Answers are written with JSON.stringify, as before response schemas existed: a schema-driven
 * serializer drops fields a schema forgot and coerces types, a change of the API nobody would see.
 * Under test, every answer of a route is checked against its schema instead, so a schema that
 * drifts from what the handler sends fails the API tests (a 500 there, never in production).
 */
/** The app as route files see it: typed by their schemas. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ValibotTypeProvider
>;

export function installAnswerSerializer(app: FastifyInstance, check: boolean): void {
  app.setSerializerCompiler(({ schema: json, url, method, httpStatus }) => {
    const original = originals.get(json as object);
    if (!check || !original) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const text = JSON.stringify(data) as string | undefined;
      // What JSON.stringify gives for undefined, as without the check.
      if (text === undefined) return text as unknown as string;
      const sent: unknown = JSON.parse(text);
      const result = v.safeParse(original, sent);
      const where = result.success
        ? unlisted(sent, result.output).map((path) => `${path}: not in the schema`)
        : result.issues.map((i) => `${v.getDotPath(i) ?? '_'}: ${i.message}`);
      if (where.length)
        throw new Error(`The ${httpStatus} answer of ${method} ${url} does not match its schema: ${where.join('; ')}`);
      return text;
    };
  });
}

/** Paths of the fields an answer has and its schema's output lost (valibot's object() drops unknown keys). */
function unlisted(sent: unknown, kept: unknown, path = ''): string[] {
  if (sent === null || typeof sent !== 'object' || kept === null || typeof kept !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return key in kept ? unlisted(value, (kept as Record<string, unknown>)[key], at) : [at];
  });
}

export function installValibotValidator(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema: json, httpPart }) => {
    const original = originals.get(json as object);
    if (!original) throw new Error('Route schema must be built with schema() from server/lib/validation.ts');
    const wantsObject = (json as { type?: unknown }).type === 'object';
    return (data: unknown) => {
      // valibot's object() takes an array as an object: a JSON array where an object is expected is refused here.
      if (wantsObject && Array.isArray(data))
        return { error: new ValidationError({ [httpPart ?? 'body']: 'invalid_type' }) };
      const nul = nulPath(data);
      if (nul) return { error: new ValidationError({ [nul]: FieldError.specialCharacters }) };
      const result = v.safeParse(original, data ?? {});
      return result.success ? { value: result.output } : { error: new ValidationError(fieldsOf(result.issues)) };
    };
  });
}
