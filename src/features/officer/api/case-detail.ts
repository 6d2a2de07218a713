import type { ClaimHolder, OfficerApplicationDetail } from '../../../../contract/officer';
import { api } from '../../../lib/api-client';
import type { InternalNote } from './internal-notes';

interface OfficerRef {
  id: number;
  name: string;
  email: string;
}

/**
 * One case as the review screen shows it: the application's detail, with who holds it, who
 * reviewed it, to whom it was escalated, the officers' notes and a revocation waiting for its
 * second officer.
 */
export interface OfficerCase extends OfficerApplicationDetail {
  claim?: { holder: ClaimHolder | null; mine: boolean; expires_at: string | null } | null;
  reviewed_by?: OfficerRef | null;
  /** False when the signed-in officer reviewed it: four eyes, someone else approves. */
  may_approve?: boolean;
  escalated_to?: OfficerRef | null;
  internal_notes?: InternalNote[];
  revocation_request?: { by: OfficerRef | null; at: string; reason: string } | null;
  /** The ID card photographed at registration, when the server still keeps it. */
  id_card_image_path?: string | null;
}

export async function fetchCase(id: number, signal?: AbortSignal): Promise<OfficerCase> {
  return (await api<{ data: OfficerCase }>(`/v1/officer/applications/${id}`, { signal })).data;
}
