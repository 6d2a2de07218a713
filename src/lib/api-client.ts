import { type ApiErrorBody, ErrorCode } from '../../contract/errors';
import { reportNetworkFailure } from './connectivity';
import { currentLanguage } from './i18n';
import { isKeptResponse } from './offline-copies';
import { useSession, validToken } from './session';

/** The request error kinds of the specification: fetch error, timeout, parsing error, or an HTTP status with data. */
export class ApiError extends Error {
  constructor(
    readonly kind: 'network' | 'timeout' | 'parse' | 'http',
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The whole `data` of the error body, for answers that carry more than a code (e.g. x009's email). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent as Idempotency-Key so a retried POST (weak connection, offline outbox) changes nothing twice. */
  idempotencyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Without a token the request is sent anyway (public routes). */
  auth?: boolean;
  /** A token of its own instead of the session's: an officer half-way through signing in. */
  token?: string;
}

const DEFAULT_TIMEOUT = 30_000;

/** The code of a signed-in answer that could not be fetched and was never kept on this device. */
export const NOT_ON_THIS_PHONE = 'not_on_this_phone';

export async function apiFetch(path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  if (opts.auth !== false) {
    const token = opts.token ?? validToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  try {
    return await fetch(`/api${path}`, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (err) {
    if (timeout.aborted) {
      reportNetworkFailure();
      throw new ApiError('timeout', 0, 'timeout', 'The request took too long.');
    }
    if ((err as Error).name === 'AbortError') throw err;
    reportNetworkFailure();
    throw new ApiError('network', 0, 'network', 'No connection.');
  }
}

/** JSON request; a 4xx/5xx becomes an ApiError carrying the server's error code and field codes. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  // A signed-in screen's data: kept on the device, shown from there when there is no connection.
  if (opts.body === undefined && (opts.method ?? 'GET') === 'GET' && opts.auth !== false && isKeptResponse(path)) {
    // Loaded with the first signed-in screen, never on the public ones (every byte counts there).
    const { readThrough } = await import('./offline-data');
    return readThrough(path, () => request<T>(path, opts)).catch((err: unknown) => {
      // No answer and no copy on the phone: this screen was never opened here while online. The
      // citizen is told that, not only "you are offline", so the next visit online is understood.
      if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout'))
        throw new ApiError(err.kind, err.status, NOT_ON_THIS_PHONE, 'Not kept on this device yet.');
      throw err;
    });
  }
  return request<T>(path, opts);
}

async function request<T>(path: string, opts: RequestOptions): Promise<T> {
  const res = await apiFetch(path, opts);
  let json: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      if (res.ok) {
        // Not our server's JSON: maybe a captive portal answering in its place.
        reportNetworkFailure();
        throw new ApiError('parse', res.status, 'parse', 'The answer could not be read.');
      }
    }
  }
  if (!res.ok) {
    const body = json as Partial<ApiErrorBody> | null;
    const code = body?.data?.error_code ?? (res.status >= 500 ? ErrorCode.internal : String(res.status));
    // A session the server no longer accepts is over here too.
    if (res.status === 401 && opts.auth !== false) useSession.getState().signOut();
    throw new ApiError(
      'http',
      res.status,
      code,
      body?.data?.message ?? body?.message ?? res.statusText,
      body?.data?.fields ?? {},
      (body?.data as Record<string, unknown> | undefined) ?? {},
    );
  }
  return json as T;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
