import { describe, expect, it } from 'vitest';
import { decide } from '../../src/lib/outbox/decide';
import { effectiveState, type OutboxEntry } from '../../src/lib/outbox/entry';

const answer = (status: number, error_code?: string, fields: Record<string, string> = {}) => ({
  kind: 'answer' as const,
  status,
  body: error_code
    ? { message: 'Refused', data: { error_code, message: `Refused: ${error_code}`, fields } }
    : { data: { id: 42 } },
});

describe('which answers keep an outbox entry and which need the citizen', () => {
  it('a 2xx answer settles it as sent, with the server body (the new id)', () => {
    expect(decide(answer(201))).toEqual({ action: 'sent', body: { data: { id: 42 } } });
    expect(decide(answer(200)).action).toBe('sent');
  });

  it('no answer keeps it; "being confirmed" only when the server was reachable just after', () => {
    expect(decide({ kind: 'no-answer', serverReachable: false })).toEqual({
      action: 'keep',
      sessionRefused: false,
      maybeReached: false,
    });
    expect(decide({ kind: 'no-answer', serverReachable: true })).toEqual({
      action: 'keep',
      sessionRefused: false,
      maybeReached: true,
    });
  });

  it('401 keeps it and waits for the citizen to sign in again', () => {
    expect(decide(answer(401, 'session_expired'))).toEqual({
      action: 'keep',
      sessionRefused: true,
      maybeReached: false,
    });
  });

  it.each([408, 429, 500, 502, 503, 504])('%i keeps it for a later try', (status) => {
    const d = decide(answer(status, status === 429 ? 'too_many_requests' : 'internal'));
    expect(d.action).toBe('keep');
    expect(d.action === 'keep' && d.sessionRefused).toBe(false);
  });

  it('409 "still being processed" under our own key keeps it: an earlier try is running on the server', () => {
    expect(decide(answer(409, 'idempotency_in_progress')).action).toBe('keep');
  });

  it.each([
    [409, 'invalid_status_transition'],
    [409, 'slot_unavailable'],
    [422, 'validation_failed'],
    [422, 'idempotency_key_reused'],
    [400, 'bad_request'],
    [403, 'forbidden'],
    [404, 'x008'],
    [413, 'payload_too_large'],
  ])('%i %s moves it to "needs your action" with the reason', (status, code) => {
    expect(decide(answer(status, code, { first_name: 'special_characters' }))).toEqual({
      action: 'needs-action',
      refusal: { status, code, message: `Refused: ${code}`, fields: { first_name: 'special_characters' } },
    });
  });

  it('a refusal without our error shape still carries its status as the code', () => {
    expect(decide({ kind: 'answer', status: 400, body: null })).toEqual({
      action: 'needs-action',
      refusal: { status: 400, code: '400', message: '', fields: {} },
    });
  });
});

describe('nothing stays "sending" forever', () => {
  const entry = (state: OutboxEntry['state'], lease: OutboxEntry['lease']) => ({ state, lease }) as OutboxEntry;
  it('a sending entry whose lease ran out is waiting again', () => {
    expect(effectiveState(entry('sending', { holder: 'sw:1', until: 1_000 }), 999)).toBe('sending');
    expect(effectiveState(entry('sending', { holder: 'sw:1', until: 1_000 }), 1_000)).toBe('waiting');
    expect(effectiveState(entry('sending', null), 0)).toBe('waiting');
    expect(effectiveState(entry('needs-action', null), 0)).toBe('needs-action');
  });
});
