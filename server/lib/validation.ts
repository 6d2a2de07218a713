import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';
import { ErrorCode } from '../../contract/errors';
import { FieldError } from '../../contract/rules';

/**
 * Routes declare their body/params/query as valibot schemas from contract/ — the same rules the
 * forms use. `schema()` turns one into JSON Schema for the OpenAPI document and remembers the
 * valibot original, which the validator compiler then runs (so field codes are ours, not Ajv's).
 */
const originals = new WeakMap<object, v.GenericSchema>();

export function schema(s: v.GenericSchema): Record<string, unknown> {
  const { $schema: _ignored, ...json } = toJsonSchema(s, { errorMode: 'ignore' }) as Record<string, unknown>;
  originals.set(json, s);
  return json;
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
