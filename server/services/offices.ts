import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import type { OfficerRole } from '../../contract/officer';
import {
  officeContains,
  officeCovers,
  type Office,
  type OfficeAssignment,
  type OfficerAccount,
} from '../../contract/offices';
import { FieldError } from '../../contract/rules';
import type { Db } from '../db/client';
import { applications, districts, provinces, users } from '../db/schema';
import { forbidden, HttpError, notFound } from '../lib/http-error';
import { forgetCachedSessions } from './sessions';
import { recordAudit } from './officers/audit';

/** The office columns of an account (users.office_*), as the session lookup carries them. */
export interface OfficeColumns {
  officeLevel: 'national' | 'province' | 'district' | null;
  officeProvinceId: number | null;
  officeDistrictId: number | null;
}

export function officeOf(row: OfficeColumns): Office | null {
  if (row.officeLevel === 'national') return { level: 'national' };
  if (row.officeLevel === 'province' && row.officeProvinceId) {
    return { level: 'province', province_id: row.officeProvinceId };
  }
  if (row.officeLevel === 'district' && row.officeProvinceId && row.officeDistrictId) {
    return { level: 'district', province_id: row.officeProvinceId, district_id: row.officeDistrictId };
  }
  return null;
}

/** The applications an office sees, as a condition on `applications` (the address of step 1). */
export function applicationsInOffice(office: Office | null): SQL {
  if (!office) return sql`false`;
  if (office.level === 'national') return sql`true`;
  // Compared as text: the ids were validated as integers when the application was made, and a text
  // comparison cannot fail on a row whatever it holds.
  if (office.level === 'province') {
    return sql`(${applications.applicantData}->>'province_id') = ${String(office.province_id)}`;
  }
  return sql`(${applications.applicantData}->>'district_id') = ${String(office.district_id)}`;
}

/** Whether this application lies in the office (the same rule as applicationsInOffice, in memory). */
export function officeSees(office: Office | null, applicantData: unknown): boolean {
  const data = applicantData as { province_id?: unknown; district_id?: unknown };
  return officeCovers(office, { province_id: Number(data.province_id), district_id: Number(data.district_id) });
}

interface Admin extends OfficeColumns {
  officerRole: OfficerRole | null;
}

/** An officer before roles keeps every duty (as roleOf in officer.ts). */
function assertAdmin(admin: Admin) {
  if ((admin.officerRole ?? 'admin') !== 'admin') throw forbidden('Only an admin manages officers.');
}

const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  officerRole: users.officerRole,
  officeLevel: users.officeLevel,
  officeProvinceId: users.officeProvinceId,
  officeDistrictId: users.officeDistrictId,
};

type AccountRow = { [K in keyof typeof accountColumns]: (typeof users.$inferSelect)[K] };

const toAccount = (r: AccountRow): OfficerAccount => ({
  id: r.id,
  email: r.email,
  first_name: r.firstName,
  last_name: r.lastName,
  officer_role: r.officerRole ?? 'admin',
  office: officeOf(r),
});

/**
 * Whether an admin of office `mine` manages an officer of office `theirs`: one whose office lies
 * inside the admin's. An officer without an office (new, or taken out of one) is managed by a
 * national admin only: a district admin cannot claim an unassigned officer, an admin least of all.
 */
function manages(mine: Office | null, theirs: Office | null): boolean {
  if (!theirs) return mine?.level === 'national';
  return officeContains(mine, theirs);
}

/** The officers an admin manages (see manages). */
export async function listOfficers(db: Db, admin: Admin): Promise<OfficerAccount[]> {
  assertAdmin(admin);
  const mine = officeOf(admin);
  const rows = await db.select(accountColumns).from(users).where(eq(users.role, 'officer')).orderBy(asc(users.email));
  return rows.map(toAccount).filter((a) => manages(mine, a.office));
}

/** An officer this admin manages, or 404 as for one that does not exist. */
export async function managedOfficer(db: Db, admin: Admin, officerId: number): Promise<OfficerAccount> {
  assertAdmin(admin);
  const [target] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, officerId), eq(users.role, 'officer')));
  if (!target || !manages(officeOf(admin), officeOf(target))) throw notFound('Officer not found');
  return toAccount(target);
}

/** The office columns of an assignment, its district's province looked up; 400 for an unknown place. */
export async function officeColumnsOf(db: Db, assignment: OfficeAssignment): Promise<OfficeColumns> {
  const unknown = (field: string) =>
    new HttpError(400, ErrorCode.validation, `Invalid ${field}: no such place`, { [field]: FieldError.invalidId });
  switch (assignment.level) {
    case 'none':
      return { officeLevel: null, officeProvinceId: null, officeDistrictId: null };
    case 'national':
      return { officeLevel: 'national', officeProvinceId: null, officeDistrictId: null };
    case 'province': {
      const [p] = await db.select({ id: provinces.id }).from(provinces).where(eq(provinces.id, assignment.province_id));
      if (!p) throw unknown('province_id');
      return { officeLevel: 'province', officeProvinceId: p.id, officeDistrictId: null };
    }
    case 'district': {
      const [d] = await db
        .select({ id: districts.id, provinceId: districts.provinceId })
        .from(districts)
        .where(eq(districts.id, assignment.district_id));
      if (!d) throw unknown('district_id');
      return { officeLevel: 'district', officeProvinceId: d.provinceId, officeDistrictId: d.id };
    }
  }
}

/** officer:create's --office: national, province:<id> or district:<id>; null when it is none of these. */
export function parseOfficeFlag(flag: string): OfficeAssignment | null {
  if (flag === 'national' || flag === 'none') return { level: flag };
  const m = /^(province|district):(\d{1,9})$/.exec(flag);
  if (!m) return null;
  return m[1] === 'province'
    ? { level: 'province', province_id: Number(m[2]) }
    : { level: 'district', district_id: Number(m[2]) };
}

/**
 * An admin gives an officer an office, inside the admin's own office only; an officer the admin
 * does not manage answers 404 like one that does not exist. Takes effect on the officer's next call,
 * and is written in the officers' audit log with the office before and after.
 */
export async function assignOffice(
  db: Db,
  admin: Admin & { id: number },
  officerId: number,
  assignment: OfficeAssignment,
): Promise<OfficerAccount> {
  const target = await managedOfficer(db, admin, officerId);
  const mine = officeOf(admin);
  const columns = await officeColumnsOf(db, assignment);
  if (!officeContains(mine, officeOf(columns))) throw forbidden('An admin gives only offices inside their own office.');
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(users.id, officerId))
      .returning(accountColumns);
    await recordAudit(tx, admin.id, 'officer.office', officerId, { before: target.office, after: officeOf(row) });
    return row;
  });
  // The office travels with the session lookup: a cached one must not keep the old area.
  forgetCachedSessions();
  return toAccount(updated);
}
