import { ErrorCode } from '../../../contract/errors';
import type { OutboxRefusal } from './entry';

/** How one try ended, as the sender saw it. */
export type TryResult =
  | {
      kind: 'answer';
      status: number;
      body: unknown;
      /** lower-case names; only the few the outbox reads */ headers?: Record<string, string>;
    }
  /**
   * No answer: offline, connection cut, or the answer was lost on the way back. `serverReachable`:
   * the server answered a health check just after, so the request may well have reached it.
   */
  | { kind: 'no-answer'; serverReachable: boolean }
  /**
   * Not sent: the session it was to go with ended (signed out, expired, or another sign-in) between
   * the start of the round and this request. Nothing of an ended session leaves the phone.
   */
  | { kind: 'session-ended' };

export type Decision =
  | { action: 'sent'; body: unknown }
  /**
   * Try again later. `sessionRefused`: the server refused the session (401): wait until the citizen
   * signs in again. `sessionEnded`: the session ended on the phone before this request went.
   */
  | { action: 'keep'; sessionRefused: boolean; maybeReached: boolean; sessionEnded?: boolean }
  | { action: 'needs-action'; refusal: OutboxRefusal };

const IN_PROGRESS = ErrorCode.idempotencyInProgress;

/**
 * Which answers settle an entry. A network error, 401, 408, 429 and 5xx are passing troubles: the
 * entry stays (Workbox's default replay would drop it on any answer). 409 "still being processed"
 * with our own key means an earlier try is running on the server: wait for its answer. Any other
 * 409, 422 and other 4xx are the server's final word: the citizen must act, with its reason.
 */
export function decide(result: TryResult): Decision {
  if (result.kind === 'session-ended')
    return { action: 'keep', sessionRefused: false, maybeReached: false, sessionEnded: true };
  if (result.kind === 'no-answer')
    return { action: 'keep', sessionRefused: false, maybeReached: result.serverReachable };
  const { status, body } = result;
  if (status >= 200 && status < 300) return { action: 'sent', body };
  const data = (
    body as {
      data?: { error_code?: string; message?: string; fields?: Record<string, string> } & Record<string, unknown>;
      message?: string;
    } | null
  )?.data;
  const code = data?.error_code ?? String(status);
  if (status === 401) return { action: 'keep', sessionRefused: true, maybeReached: false };
  if (status === 408 || status === 429 || status >= 500)
    return { action: 'keep', sessionRefused: false, maybeReached: status >= 500 };
  if (status === 409 && code === IN_PROGRESS) return { action: 'keep', sessionRefused: false, maybeReached: true };
  const message = data?.message ?? (body as { message?: string } | null)?.message ?? '';
  // What the answer carried beyond the code, message and fields (a taken time's nearest free ones).
  const { error_code: _code, message: _message, fields: _fields, ...more } = data ?? {};
  return {
    action: 'needs-action',
    refusal: { status, code, message, fields: data?.fields ?? {}, ...(Object.keys(more).length ? { data: more } : {}) },
  };
}
