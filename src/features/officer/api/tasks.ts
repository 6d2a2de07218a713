import {
  OFFICER_ROLES,
  ROLE_TASKS,
  type OfficerRole,
  type OfficerTask,
  type OfficerTaskCount,
  type OfficerTaskQueue,
} from '../../../../contract/officer';
import { api } from '../../../lib/api-client';

/** What a queue shows: the search, "mine", the clock's tone, the pick-up day and the page. */
export interface TaskFilter {
  q?: string;
  mine?: boolean;
  tone?: 'at-risk' | 'overdue';
  date?: string;
  page?: number;
}

/** A queue's address: which queue, and its filter (checked by the back office's routes). */
export interface QueueSearch extends TaskFilter {
  task?: OfficerTask;
}

export interface TaskCounts {
  role: OfficerRole;
  tasks: OfficerTaskCount[];
}

/**
 * Each role has its own set of tasks (contract/officer.ts ROLE_TASKS), so the tasks the server
 * counts for the signed-in officer also say their role when the answer does not name it.
 */
export function roleOfTasks(tasks: readonly OfficerTask[]): OfficerRole {
  const key = [...tasks].sort().join(',');
  return OFFICER_ROLES.find((role) => [...ROLE_TASKS[role]].sort().join(',') === key) ?? 'admin';
}

/** GET /v1/officer/tasks: the signed-in officer's queues with their counts. */
export async function fetchTaskCounts(signal?: AbortSignal): Promise<TaskCounts> {
  const { data } = await api<{ data: OfficerTaskCount[] | { role?: OfficerRole; tasks: OfficerTaskCount[] } }>(
    '/v1/officer/tasks',
    { signal },
  );
  const tasks = Array.isArray(data) ? data : data.tasks;
  const role = (!Array.isArray(data) && data.role) || roleOfTasks(tasks.map((t) => t.task));
  return { role, tasks };
}

export function taskQueryString(filter: TaskFilter): string {
  const params = new URLSearchParams();
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (filter.mine) params.set('mine', '1');
  if (filter.tone) params.set('tone', filter.tone);
  if (filter.date) params.set('date', filter.date);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** GET /v1/officer/tasks/{task}: one page of a queue, least working time left first. */
export async function fetchTaskQueue(
  task: OfficerTask,
  filter: TaskFilter,
  signal?: AbortSignal,
): Promise<OfficerTaskQueue> {
  return (await api<{ data: OfficerTaskQueue }>(`/v1/officer/tasks/${task}${taskQueryString(filter)}`, { signal }))
    .data;
}

/**
 * POST /v1/officer/tasks/{task}/next: claims the case of the queue with the least time left and
 * answers its id; null when the queue is empty (404 queue_empty).
 */
export async function takeNext(task: OfficerTask): Promise<number | null> {
  try {
    return (await api<{ data: { id: number } }>(`/v1/officer/tasks/${task}/next`, { method: 'POST', body: {} })).data
      .id;
  } catch (err) {
    if ((err as { code?: string }).code === 'queue_empty') return null;
    throw err;
  }
}
