import * as v from 'valibot';
import type { OfficerRole } from './officer';
import { entityId } from './rules';

/**
 * The area an officer serves (docs/security.md#3-who-can-see-what). An officer sees the
 * applications whose current address (step 1, province and district) lies in their office; the
 * national office is the whole country and is given explicitly, never by default. An officer with
 * no office sees no application.
 */
export type Office =
  | { level: 'national' }
  | { level: 'province'; province_id: number }
  | { level: 'district'; province_id: number; district_id: number };

/** Where an application belongs: the province and district of the applicant's current address. */
export interface ApplicationArea {
  province_id: number;
  district_id: number;
}

export function officeCovers(office: Office | null, area: ApplicationArea): boolean {
  if (!office) return false;
  if (office.level === 'national') return true;
  if (office.level === 'province') return office.province_id === area.province_id;
  return office.district_id === area.district_id;
}

/**
 * Whether an admin of `outer` may hand out or take back `inner`: an office inside their own (a
 * province admin manages their province and its districts, never the country). "No office" lies
 * inside every office.
 */
export function officeContains(outer: Office | null, inner: Office | null): boolean {
  if (!outer) return false;
  if (!inner || outer.level === 'national') return true;
  if (inner.level === 'national') return false;
  if (outer.level === 'province') return inner.province_id === outer.province_id;
  return inner.level === 'district' && inner.district_id === outer.district_id;
}

/** PUT /v1/officer/accounts/:id/office: the office to give ('none' takes it away). */
export const officeAssignment = v.variant('level', [
  v.object({ level: v.literal('none') }),
  v.object({ level: v.literal('national') }),
  v.object({ level: v.literal('province'), province_id: entityId }),
  v.object({ level: v.literal('district'), district_id: entityId }),
]);
export type OfficeAssignment = v.InferOutput<typeof officeAssignment>;

/** One officer as an admin sees them in the accounts list. */
export interface OfficerAccount {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  officer_role: OfficerRole;
  office: Office | null;
}
