import { create } from 'zustand';
import type { OfficerRole, OfficerTaskCount } from '../../../../contract/officer';
import { fetchTaskCounts } from '../api/tasks';

/**
 * The signed-in officer's role and queue counts, shared by the header (which links it offers) and
 * the queues (their tabs). In memory only: counts are figures of the office's work, and are asked
 * again whenever a queue opens or a decision is made.
 */
interface DeskState {
  role: OfficerRole | null;
  counts: OfficerTaskCount[] | null;
  failed: unknown;
  refresh(): Promise<void>;
  forget(): void;
}

let running: Promise<void> | null = null;

export const useDesk = create<DeskState>((set) => ({
  role: null,
  counts: null,
  failed: null,
  refresh() {
    running ??= fetchTaskCounts()
      .then(
        ({ role, tasks }) => set({ role, counts: tasks, failed: null }),
        (failed: unknown) => set({ failed }),
      )
      .finally(() => {
        running = null;
      });
    return running;
  },
  forget: () => set({ role: null, counts: null, failed: null }),
}));
