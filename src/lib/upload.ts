import { ErrorCode, type ApiErrorBody } from '../../contract/errors';
import { ApiError } from './api-client';
import { currentLanguage } from './i18n';
import { useSession, validToken } from './session';

export interface UploadOptions {
  /** Sent as Idempotency-Key: a retried upload (weak connection) creates nothing twice. */
  idempotencyKey?: string;
  /** Fraction of the body sent so far, 0…1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * A JSON POST that reports upload progress (documents are megabytes; on a weak connection the
 * citizen must see it move). fetch() cannot report upload progress, XMLHttpRequest can. Errors
 * are the same ApiError as api() throws. No overall timeout: a slow line that still moves is fine;
 * a stalled one is cut after 60 s without progress.
 */
export function uploadJson<T>(path: string, body: unknown, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    if (opts.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', opts.idempotencyKey);
    const token = validToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    let stalled: number | undefined;
    let timedOut = false;
    const watch = () => {
      window.clearTimeout(stalled);
      stalled = window.setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, 60_000);
    };
    const done = () => window.clearTimeout(stalled);
    xhr.upload.onprogress = (e) => {
      watch();
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      done();
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        if (xhr.status < 400)
          return reject(new ApiError('parse', xhr.status, 'parse', 'The answer could not be read.'));
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(json as T);
      const err = json as Partial<ApiErrorBody> | null;
      if (xhr.status === 401) useSession.getState().signOut();
      const code = err?.data?.error_code ?? (xhr.status >= 500 ? ErrorCode.internal : String(xhr.status));
      reject(
        new ApiError(
          'http',
          xhr.status,
          code,
          err?.data?.message ?? err?.message ?? xhr.statusText,
          err?.data?.fields ?? {},
        ),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError('network', 0, 'network', 'No connection.'));
    };
    xhr.onabort = () => {
      done();
      reject(
        timedOut
          ? new ApiError('timeout', 0, 'timeout', 'The upload stalled.')
          : new DOMException('Aborted', 'AbortError'),
      );
    };
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    watch();
    xhr.send(JSON.stringify(body));
  });
}
