import { useEffect } from 'react';
import { create } from 'zustand';
import { api } from './api-client';
import { validToken } from './session';

/**
 * How many notifications the citizen has not opened yet, for the dot on the bell. Asked at most
 * once a minute (loaded data is kept 60 s) — every screen has a bell, and each request
 * costs a citizen on a weak connection.
 */
const FRESH_MS = 60_000;

interface UnreadState {
  count: number;
  checkedAt: number;
  set(count: number): void;
}

export const useUnreadNotifications = create<UnreadState>((set) => ({
  count: 0,
  checkedAt: 0,
  set: (count) => set({ count, checkedAt: Date.now() }),
}));

let inFlight: Promise<void> | null = null;

export function refreshUnreadCount(force = false): Promise<void> {
  const { checkedAt, set } = useUnreadNotifications.getState();
  if (!validToken() || (!force && Date.now() - checkedAt < FRESH_MS)) return Promise.resolve();
  inFlight ??= api<{ data: { unread: number } }>('/v1/notifications/unread-count')
    .then(
      (r) => set(r.data.unread),
      () => undefined,
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The unread count, refreshed when a screen with a bell appears. */
export function useUnreadCount(enabled: boolean): number {
  const count = useUnreadNotifications((s) => s.count);
  useEffect(() => {
    if (enabled) void refreshUnreadCount();
  }, [enabled]);
  return enabled ? count : 0;
}
