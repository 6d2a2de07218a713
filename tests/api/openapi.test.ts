import SwaggerParser from '@apidevtools/swagger-parser';
import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

/** The OpenAPI document at /api/docs: valid, and describing every answer of every route. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: {
    paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
  };
  beforeAll(async () => {
    t = await startTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  it('validates as OpenAPI 3 (swagger-parser)', async () => {
    // validate() dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('passes the spectral:oas rules, but for the trailing slash the specification gives /v1/notifications/', async () => {
    const spectral = new Spectral();
    // spectral:oas as a ruleset file's `extends: spectral:oas` means it: its recommended rules.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(JSON.stringify(document));
    const problems = results
      .filter((r) => !(r.code === 'path-keys-no-trailing-slash' && r.path.join('/') === 'paths//api/v1/notifications/'))
      .map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(problems).toEqual([]);
  });

  it('declares a successful answer and the error shape for every operation', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses ?? {});
        const answered = statuses.some((s) => /^[23]/.test(s)) && statuses.includes('4XX');
        const placeholder = Object.values(operation.responses ?? {}).some((r) => r.description === 'Default Response');
        if (!answered || placeholder) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
