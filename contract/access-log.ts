import type { OfficerAction } from './officer';

/** One line of "who saw my data" (GET …/{id}/access-log, the owner only). */
export interface AccessLogEntry {
  id: number;
  /** The officer by name and staff number (their account id): enough to ask about it, no e-mail. */
  officer: { id: number; name: string };
  /** view = opened the application; view_document = opened one document (detail = its kind). */
  action: 'view' | 'view_document' | OfficerAction;
  detail: string | null;
  at: string;
}
