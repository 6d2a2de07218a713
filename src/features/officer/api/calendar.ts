import { api } from '../../../lib/api-client';

/** A day the offices are closed: a national public holiday, or a closure of one office. */
export interface DayOff {
  id: number;
  date: string;
  kind: 'holiday' | 'closure';
  scope: string;
  name_en: string;
  name_lo: string;
  updated_at?: string;
  updated_by?: { id: number; name: string; email: string } | null;
  created_by?: { id: number; name: string; email: string } | null;
}

export type DayOffInput = Pick<DayOff, 'date' | 'kind' | 'name_en' | 'name_lo'> & { scope?: string };

export async function fetchCalendar(year: number, signal?: AbortSignal): Promise<DayOff[]> {
  return (await api<{ data: DayOff[] }>(`/v1/officer/calendar?year=${year}`, { signal })).data;
}

export async function addDayOff(day: DayOffInput): Promise<DayOff> {
  return (await api<{ data: DayOff }>('/v1/officer/calendar', { method: 'POST', body: day })).data;
}

export async function updateDayOff(id: number, day: Partial<DayOffInput>): Promise<DayOff> {
  return (await api<{ data: DayOff }>(`/v1/officer/calendar/${id}`, { method: 'PUT', body: day })).data;
}

export async function removeDayOff(id: number): Promise<void> {
  await api(`/v1/officer/calendar/${id}`, { method: 'DELETE' });
}
