import type { Figures } from '../../../../contract/office-figures';
import { api, apiFetch, ApiError } from '../../../lib/api-client';

export interface FiguresFilter {
  scope?: string;
  from: string;
  to: string;
}

const query = (f: FiguresFilter, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams({ from: f.from, to: f.to, ...extra });
  if (f.scope) q.set('scope', f.scope);
  return q.toString();
};

export async function fetchFigures(filter: FiguresFilter, signal?: AbortSignal): Promise<Figures> {
  return (await api<{ data: Figures }>(`/v1/officer/figures?${query(filter)}`, { signal, timeoutMs: 60_000 })).data;
}

/** The same figures as a CSV file, its labels in the screen's language. */
export async function downloadFiguresCsv(filter: FiguresFilter, lang: string): Promise<void> {
  const res = await apiFetch(`/v1/officer/figures.csv?${query(filter, { lang })}`, { timeoutMs: 60_000 });
  if (!res.ok) throw new ApiError('http', res.status, String(res.status), 'Download failed');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `figures-${filter.scope ?? 'office'}-${filter.from}-${filter.to}.csv`.replace(':', '-');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
