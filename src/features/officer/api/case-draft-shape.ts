import type { CorrectableField, REQUESTABLE_DOCUMENTS } from '../../../../contract/application';
import type { CaseDraft as StoredDraft } from '../../../../contract/officer-day';

type RequestableDocument = (typeof REQUESTABLE_DOCUMENTS)[number];

/**
 * What the officer is writing on a case and has not sent yet. The server keeps one draft per
 * officer and case (never the browser: it is about another person), so the part written last is
 * the one kept: a reject, a request to the citizen, an escalation's note or an internal note.
 */
export interface CaseDraft {
  reject?: { reason_codes: string[]; notes: string };
  request?: { reason_codes: string[]; message: string; documents: RequestableDocument[]; fields: CorrectableField[] };
  escalate?: { officer_id: number | null; note: string };
  note?: string;
  /** The part written last: the one the server keeps. */
  last?: 'reject' | 'request' | 'escalate' | 'note';
}

export function toStored(draft: CaseDraft): StoredDraft {
  switch (draft.last) {
    case 'reject':
      return { action: 'reject', reason_codes: draft.reject?.reason_codes ?? [], notes: draft.reject?.notes ?? '' };
    case 'request':
      return {
        action: 'request-information',
        reason_codes: draft.request?.reason_codes ?? [],
        message: draft.request?.message ?? '',
        documents: draft.request?.documents ?? [],
        fields: draft.request?.fields ?? [],
      };
    case 'escalate':
      return { action: 'escalate', notes: draft.escalate?.note ?? '' };
    case 'note':
      return { action: 'note', notes: draft.note ?? '' };
    default:
      return {};
  }
}

export function fromStored(stored: StoredDraft | null): CaseDraft {
  if (!stored) return {};
  switch (stored.action) {
    case 'reject':
      return { last: 'reject', reject: { reason_codes: stored.reason_codes ?? [], notes: stored.notes ?? '' } };
    case 'request-information':
      return {
        last: 'request',
        request: {
          reason_codes: stored.reason_codes ?? [],
          message: stored.message ?? '',
          documents: (stored.documents ?? []) as RequestableDocument[],
          fields: (stored.fields ?? []) as CorrectableField[],
        },
      };
    case 'escalate':
      return { last: 'escalate', escalate: { officer_id: null, note: stored.notes ?? '' } };
    case 'note':
      return { last: 'note', note: stored.notes ?? '' };
    default:
      return {};
  }
}
