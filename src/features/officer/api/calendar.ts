import type { NonWorkingDay, NonWorkingDayBody } from '../../../../contract/officer-day';
import { api } from '../../../lib/api-client';

export type { NonWorkingDay };
export type DayOffInput = NonWorkingDayBody;

/** GET /v1/officer/calendar?year=: national holidays and the office's closures, by date. */
export async function fetchCalendar(year: number, signal?: AbortSignal): Promise<NonWorkingDay[]> {
  return (await api<{ data: NonWorkingDay[] }>(`/v1/officer/calendar?year=${year}`, { signal })).data;
}

export async function addDayOff(day: DayOffInput): Promise<NonWorkingDay> {
  return (await api<{ data: NonWorkingDay }>('/v1/officer/calendar', { method: 'POST', body: day })).data;
}

export async function updateDayOff(id: number, day: DayOffInput): Promise<NonWorkingDay> {
  return (await api<{ data: NonWorkingDay }>(`/v1/officer/calendar/${id}`, { method: 'PUT', body: day })).data;
}

export async function removeDayOff(id: number): Promise<void> {
  await api(`/v1/officer/calendar/${id}`, { method: 'DELETE' });
}
