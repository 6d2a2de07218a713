import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type * as ConnectivityModule from '../../src/lib/connectivity';

type Connectivity = typeof ConnectivityModule;

const json = () =>
  new Response('{"status":"ok"}', { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
const portal = () =>
  new Response('<html>Sign in to Wi-Fi</html>', { status: 200, headers: { 'content-type': 'text/html' } });
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

let fetchMock: ReturnType<typeof vi.fn>;
let c: Connectivity;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  c = await import('../../src/lib/connectivity');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('checkConnectivity', () => {
  it('is online when our server answers, even with an error status', async () => {
    fetchMock
      .mockResolvedValueOnce(json())
      .mockResolvedValueOnce(
        new Response('{"statusCode":500}', { status: 500, headers: { 'content-type': 'application/json' } }),
      );
    expect(await c.checkConnectivity()).toBe(true);
    expect(c.useConnectivity.getState().status).toBe('online');
    expect(await c.checkConnectivity()).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.objectContaining({ cache: 'no-store' }));
  });

  it('is offline when nothing answers, and when a captive portal answers instead of our server', async () => {
    fetchMock.mockImplementationOnce(noNetwork).mockResolvedValueOnce(portal());
    expect(await c.checkConnectivity()).toBe(false);
    expect(c.useConnectivity.getState()).toMatchObject({ status: 'offline', lastCheckedAt: expect.any(Number) });
    expect(await c.checkConnectivity()).toBe(false);
  });

  it('gives up on a server that does not answer within a few seconds', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const answer = c.checkConnectivity();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await answer).toBe(false);
  });

  it('shares one request between callers asking at the same time', async () => {
    fetchMock.mockResolvedValue(json());
    await Promise.all([c.checkConnectivity(), c.checkConnectivity(), c.checkConnectivity()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('while offline', () => {
  it('checks again with a growing pause, up to once a minute, and stops once back online', async () => {
    fetchMock.mockImplementation(noNetwork);
    await c.checkConnectivity();
    const times: number[] = [];
    const start = Date.now();
    fetchMock.mockImplementation(() => {
      times.push(Date.now() - start);
      return noNetwork();
    });
    await vi.advanceTimersByTimeAsync(5_000 + 10_000 + 20_000 + 40_000 + 60_000 + 60_000);
    expect(times).toEqual([5_000, 15_000, 35_000, 75_000, 135_000, 195_000]);

    fetchMock.mockResolvedValue(json());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.useConnectivity.getState().status).toBe('online');
    fetchMock.mockClear();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('onBackOnline', () => {
  it('calls back each time the status turns online, not on every check, until unsubscribed', async () => {
    const cb = vi.fn();
    const stop = c.onBackOnline(cb);
    fetchMock.mockImplementationOnce(noNetwork);
    await c.checkConnectivity();
    expect(cb).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(json());
    await c.checkConnectivity();
    await c.checkConnectivity();
    expect(cb).toHaveBeenCalledTimes(1);
    fetchMock.mockImplementationOnce(noNetwork);
    await c.checkConnectivity();
    await c.checkConnectivity();
    expect(cb).toHaveBeenCalledTimes(2);
    stop();
    fetchMock.mockImplementationOnce(noNetwork);
    await c.checkConnectivity();
    await c.checkConnectivity();
    expect(cb).toHaveBeenCalledTimes(2);
  });
});

describe('watchConnectivity', () => {
  it('checks at start and on the browser network events', async () => {
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    fetchMock.mockResolvedValue(json());
    c.watchConnectivity();
    c.watchConnectivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockImplementation(noNetwork);
    win.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(c.useConnectivity.getState().status).toBe('offline');
    fetchMock.mockResolvedValue(json());
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(c.useConnectivity.getState().status).toBe('online');
  });
});
