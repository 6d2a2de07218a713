import type { NotificationItem } from '../../../../contract/profile';
import { api } from '../../../lib/api-client';
import { useUnreadNotifications } from '../../../lib/unread-notifications';

/** GET /v1/notifications/: newest first, the messages in the language of the request. */
export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationItem[]> {
  const { data } = await api<{ data: NotificationItem[] }>('/v1/notifications/', { signal });
  return data;
}

/** Opening the list counts as reading it: the bell's dot goes away. */
export async function markAllRead(): Promise<void> {
  await api('/v1/notifications/read', { body: {} });
  useUnreadNotifications.getState().set(0);
}
