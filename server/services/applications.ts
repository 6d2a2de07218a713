import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ticketNumber,
  type ApplicantData,
  type ApplicationDetail,
  type FeeLine,
  type HistoryItem,
} from '../../contract/application';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../contract/documents';
import { ErrorCode } from '../../contract/errors';
import type { Language } from '../../contract/master-data';
import type { ReasonText } from '../../contract/officer-day';
import { FieldError } from '../../contract/rules';
import { PaymentStatus, Status } from '../../contract/status';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { applications, banks, districts, documents, provinces, statusHistory, villages } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { isSent, prepareDocuments, storeDocuments, useUploads, type IncomingDocument } from './application-documents';
import { ensureRoomForApplication } from './storage-room';
import type { IdempotencyScope } from './idempotency';
import { notify } from './notifications';
import { officeOf, officeSees, type OfficeColumns } from './offices';
import { currentFee, DEADLINE_NOTE, DEADLINE_NOTE_CODE, paymentDeadline } from './payment-terms';
import { changeStatus } from './application-status';
import { clockStart, readClock } from './officers/clock';
import { INFORMATION_NOTE, INFORMATION_NOTE_CODE } from './officers/request-jobs';
import { reasonNote } from './officers/request-words';
import { citizenRequestView } from './officers/requests';
import { rejectionReasons } from './officers/reasons';
import { virtualAccountNumber } from './virtual-account';
import type { MasterDataStore, PlaceLevel } from './master-data-store';

export type ApplicationRow = typeof applications.$inferSelect;

export interface NewApplication {
  userId: number;
  data: ApplicantData;
  documents: Record<ApplicationDocumentKind, IncomingDocument>;
  bankId: number;
  /** Re-apply: the owner's rejected application this one replaces (docs/decisions.md#re-applying-after-a-rejection). */
  reappliedFrom?: ApplicationRow;
}

const invalid = (fields: Record<string, string>) => {
  const [field, code] = Object.entries(fields)[0];
  return new HttpError(400, ErrorCode.validation, `Invalid ${field}: ${code}`, fields);
};

/** The province/district/village ids exist, are offered, and belong to each other. */
export async function checkPlaces(
  db: Db,
  ids: { province: number; district: number; village: number },
  names: { province: string; district: string; village: string },
) {
  const [row] = await db
    .select({ districtId: villages.districtId, provinceId: districts.provinceId })
    .from(villages)
    .innerJoin(districts, eq(districts.id, villages.districtId))
    .innerJoin(provinces, eq(provinces.id, districts.provinceId))
    .where(
      and(
        eq(villages.id, ids.village),
        eq(villages.active, true),
        eq(districts.active, true),
        eq(provinces.active, true),
      ),
    );
  if (!row) return { [names.village]: FieldError.invalidId };
  if (row.districtId !== ids.district) return { [names.district]: FieldError.invalidId };
  if (row.provinceId !== ids.province) return { [names.province]: FieldError.invalidId };
  return null;
}

/**
 * Creates an application with its three documents. Everything is checked first (files, bank,
 * places), the bytes are made durable next, and then one transaction writes the application, its
 * documents, the first status-history row, the notification and the idempotent answer: a failure
 * at any point leaves no application behind, and never an application without its documents.
 */
export async function createApplication(
  app: FastifyInstance,
  input: NewApplication,
  scope: IdempotencyScope,
): Promise<number> {
  const [bank] = await app.db
    .select({ id: banks.id, vaPrefix: banks.vaPrefix })
    .from(banks)
    .where(eq(banks.id, input.bankId));
  if (!bank) throw invalid({ bank_id: 'bank_required' });
  const d = input.data;
  const placeError =
    (await checkPlaces(
      app.db,
      { province: d.province_id, district: d.district_id, village: d.village_id },
      { province: 'province_id', district: 'district_id', village: 'village_id' },
    )) ??
    (await checkPlaces(
      app.db,
      { province: d.parent_province_id, district: d.parent_district_id, village: d.parent_village_id },
      { province: 'parent_province_id', district: 'parent_district_id', village: 'parent_village_id' },
    ));
  if (placeError) throw invalid(placeError);

  const missing = APPLICATION_DOCUMENTS.filter((kind) => !isSent(input.documents[kind]));
  if (missing.length) throw invalid(Object.fromEntries(missing.map((kind) => [kind, FieldError.required])));
  await ensureRoomForApplication(app.db, input.userId);
  const prepared = await prepareDocuments(
    app,
    input.userId,
    APPLICATION_DOCUMENTS.map((kind) => ({ kind, incoming: input.documents[kind] })),
  );
  const fee = currentFee(app.config);
  // A revoked certificate's fee paid for that certificate: the new application is paid again.
  const carriedPayment =
    input.reappliedFrom?.paymentStatus === PaymentStatus.paid && !input.reappliedFrom.certificateRevokedAt;

  const { id, used } = await app.db.transaction(async (tx) => {
    // The id first: the ticket and the VA number are derived from it and stored with the row.
    const next = await tx.execute<{ id: string | number }>(
      sql`select nextval(pg_get_serial_sequence('applications', 'id')) as id`,
    );
    const id = Number((next as unknown as { rows: { id: string | number }[] }).rows[0].id);
    const createdAt = new Date();
    const ticket = ticketNumber(id);
    await tx.insert(applications).values({
      id,
      userId: input.userId,
      ticketNumber: ticket,
      status: Status.pending,
      paymentStatus: PaymentStatus.unpaid,
      bankId: bank.id,
      vaNumber: virtualAccountNumber(bank.vaPrefix, id),
      amount: fee.total,
      feeLines: fee.lines,
      recipient: fee.recipient,
      deadline: paymentDeadline(createdAt, app.config),
      applicantData: input.data,
      reappliedFromId: input.reappliedFrom?.id ?? null,
      createdAt,
      updatedAt: createdAt,
    });
    await storeDocuments(tx, input.userId, id, prepared);
    const used = await useUploads(app, tx, input.userId, prepared);
    await tx.insert(statusHistory).values({
      applicationId: id,
      fromStatus: null,
      toStatus: Status.pending,
      toPaymentStatus: PaymentStatus.unpaid,
      actor: 'citizen',
      actorId: input.userId,
    });
    if (input.reappliedFrom) {
      await notify(tx, input.userId, id, 'reapplied', { ticket });
      if (carriedPayment) {
        // The fee of the rejected application was paid: it pays for this one.
        await changeStatus(tx, {
          application: { id, status: Status.pending, paymentStatus: PaymentStatus.unpaid },
          to: Status.waitingForApprove,
          paymentStatus: PaymentStatus.paid,
          actor: 'system',
          notes: `Payment carried over from ${input.reappliedFrom.ticketNumber}`,
          // Paid from the start: the working-day clock starts with the application (day 0 today).
          set: {
            paidAt: input.reappliedFrom.paidAt ?? createdAt,
            ...(await clockStart(tx, input.data, app.clock.now())),
          },
        });
      }
    } else {
      await notify(tx, input.userId, id, 'application_created', { ticket });
    }
    await scope.remember(tx, { statusCode: 201, body: { data: { id } } });
    return { id, used };
  });
  await app.uploads.discardFiles(used);
  return id;
}

/**
 * The application if the viewer may see it: its owner, or an officer whose office it lies in.
 * Anyone else gets 404, never 403: whether it exists is not revealed.
 */
export async function findVisibleApplication(
  db: Db,
  id: number,
  viewer: { id: number; role: string } & OfficeColumns,
): Promise<ApplicationRow> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  const officerSees = viewer.role === 'officer' && row && officeSees(officeOf(viewer), row.applicantData);
  if (!row || (row.userId !== viewer.id && !officerSees)) throw notFound('Application not found');
  return row;
}

/** The owner's own application (citizen actions: documents, proof of payment, re-apply). */
/** Whether an application was already submitted again (it may be only once). */
export async function wasReappliedFor(db: Db, id: number): Promise<boolean> {
  const [successor] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.reappliedFromId, id));
  return Boolean(successor);
}

export async function findOwnApplication(db: Db, id: number, userId: number): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.userId, userId)));
  if (!row) throw notFound('Application not found');
  return row;
}

const historyQuery = (filtered: boolean) =>
  preparedPerDatabase(filtered ? 'history_by_status' : 'history', (db, name) =>
    db
      .select({
        id: applications.id,
        status: applications.status,
        ticket: applications.ticketNumber,
        createdAt: applications.createdAt,
        paymentStatus: applications.paymentStatus,
        deadline: applications.deadline,
      })
      .from(applications)
      .where(
        and(
          eq(applications.userId, sql.placeholder('userId')),
          filtered ? eq(applications.status, sql.placeholder('status')) : undefined,
        ),
      )
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .prepare(name),
  );
const history = historyQuery(false);
const historyByStatus = historyQuery(true);

export async function listHistory(db: Db, userId: number, status?: Status): Promise<HistoryItem[]> {
  const rows = await (status ? historyByStatus(db).execute({ userId, status }) : history(db).execute({ userId }));
  return rows.map((r) => ({
    id: r.id,
    status: r.status as Status,
    ticket_number: r.ticket,
    applied_on: r.createdAt.toISOString(),
    service: 'rc',
    payment_status: r.paymentStatus as PaymentStatus,
    payment_deadline: r.deadline.toISOString(),
  }));
}

export const documentPath = (applicationId: number, kind: string) =>
  `/api/v1/citizen/resident-certificate/${applicationId}/documents/${kind}`;

type DocumentRef = { id: number; kind: string; fileName: string };

/** The newest document of each kind (a replaced document stays on record but is no longer shown). */
const newestByKind = (rows: DocumentRef[]) => {
  const latest = new Map<string, DocumentRef>();
  for (const r of [...rows].sort((a, b) => b.id - a.id)) if (!latest.has(r.kind)) latest.set(r.kind, r);
  return latest;
};

export async function latestDocuments(db: Db, applicationId: number) {
  return newestByKind(
    await db
      .select({ id: documents.id, kind: documents.kind, fileName: documents.fileName })
      .from(documents)
      .where(eq(documents.applicationId, applicationId)),
  );
}

/** What the detail needs beside the application: its documents, and the application that re-applied for it. */
export interface ApplicationRelations {
  documents: DocumentRef[];
  reappliedBy: number | null;
}

/**
 * The owner's application with its documents and re-application, in one query: the detail is the
 * screen a citizen reloads most while waiting, and each round trip to the database adds to it.
 */
// The subqueries name the outer row in full: drizzle writes a column of the selected table unqualified,
// which inside a subquery would mean the subquery's own column.
const ownApplicationForDetail = preparedPerDatabase('own_application_for_detail', (db, name) =>
  db
    .select({
      ...getTableColumns(applications),
      documentRefs: sql<
        DocumentRef[]
      >`(select coalesce(json_agg(json_build_object('id', d.id, 'kind', d.kind, 'fileName', d.file_name)), '[]'::json) from documents d where d.application_id = "applications"."id")`,
      reappliedBy: sql<
        number | null
      >`(select r.id from applications r where r.reapplied_from_id = "applications"."id")`,
    })
    .from(applications)
    .where(and(eq(applications.id, sql.placeholder('id')), eq(applications.userId, sql.placeholder('userId'))))
    .prepare(name),
);

export async function findOwnApplicationForDetail(
  db: Db,
  id: number,
  userId: number,
): Promise<{ row: ApplicationRow; related: ApplicationRelations }> {
  const [found] = await ownApplicationForDetail(db).execute({ id, userId });
  if (!found) throw notFound('Application not found');
  const { documentRefs, reappliedBy, ...row } = found;
  return { row, related: { documents: documentRefs, reappliedBy: reappliedBy === null ? null : Number(reappliedBy) } };
}

function placeNamesFromMemory(store: MasterDataStore, data: ApplicantData, lang: Language) {
  const name = (level: PlaceLevel, id: number) => store.placeName(level, id, lang);
  return {
    province: name('province', data.province_id),
    district: name('district', data.district_id),
    village: name('village', data.village_id),
    parent_province: name('province', data.parent_province_id),
    parent_district: name('district', data.parent_district_id),
    parent_village: name('village', data.parent_village_id),
  };
}

async function placeNames(db: Db, data: ApplicantData, lang: Language) {
  const pick = (t: { nameEn: string; nameLo: string }) => (lang === 'lo' ? t.nameLo : t.nameEn);
  const ids = <T extends { id: number }>(rows: (T & { nameEn: string; nameLo: string })[]) =>
    new Map(rows.map((r) => [r.id, pick(r)]));
  const [p, d, v] = await Promise.all([
    db
      .select({ id: provinces.id, nameEn: provinces.nameEn, nameLo: provinces.nameLo })
      .from(provinces)
      .where(inArray(provinces.id, [data.province_id, data.parent_province_id])),
    db
      .select({ id: districts.id, nameEn: districts.nameEn, nameLo: districts.nameLo })
      .from(districts)
      .where(inArray(districts.id, [data.district_id, data.parent_district_id])),
    db
      .select({ id: villages.id, nameEn: villages.nameEn, nameLo: villages.nameLo })
      .from(villages)
      .where(inArray(villages.id, [data.village_id, data.parent_village_id])),
  ]);
  const [pm, dm, vm] = [ids(p), ids(d), ids(v)];
  return {
    province: pm.get(data.province_id) ?? '',
    district: dm.get(data.district_id) ?? '',
    village: vm.get(data.village_id) ?? '',
    parent_province: pm.get(data.parent_province_id) ?? '',
    parent_district: dm.get(data.parent_district_id) ?? '',
    parent_village: vm.get(data.parent_village_id) ?? '',
  };
}

/** A reason as read (one language) in the shape reasonNote takes (that language on both sides). */
const textWords = (r: ReasonText) => ({
  text_en: r.text,
  text_lo: r.text,
  action_en: r.what_to_do,
  action_lo: r.what_to_do,
});

/** GET …/{id}: everything the detail screen shows, place and bank names in the request's language. */
export async function applicationDetail(
  db: Db,
  row: ApplicationRow,
  lang: Language,
  fee?: { recipient: string; recipientLo: string },
  masterData?: MasterDataStore,
  related?: ApplicationRelations,
  /** The time the clock is read at (app.clock.now()). */
  now?: Date,
): Promise<ApplicationDetail> {
  const data = row.applicantData as ApplicantData;
  // With the master data in memory (the API's case), the names cost no query; with the relations
  // read beside the application (findOwnApplicationForDetail), neither do documents and re-application.
  const memoryBank = masterData?.bankRow(row.bankId);
  const [names, docs, [bank], reappliedBy] = await Promise.all([
    masterData ? placeNamesFromMemory(masterData, data, lang) : placeNames(db, data, lang),
    related ? newestByKind(related.documents) : latestDocuments(db, row.id),
    memoryBank
      ? [{ code: memoryBank.code, nameEn: memoryBank.en, nameLo: memoryBank.lo }]
      : db.select().from(banks).where(eq(banks.id, row.bankId)),
    related
      ? related.reappliedBy
      : db
          .select({ id: applications.id })
          .from(applications)
          .where(eq(applications.reappliedFromId, row.id))
          .then(([r]) => r?.id ?? null),
  ]);
  const rejection = row.status === Status.rejected ? await rejectionReasons(db, row.id, lang) : [];
  const docField = (kind: ApplicationDocumentKind) => {
    const doc = docs.get(kind);
    return { [`${kind}_name`]: doc?.fileName ?? null, [`${kind}_path`]: doc ? documentPath(row.id, kind) : null };
  };
  const proof = docs.get('proof_of_payment');
  return {
    id: row.id,
    ticket_number: row.ticketNumber,
    applied_on: row.createdAt.toISOString(),
    status: row.status as Status,
    pickup_date: row.pickupDate,
    pickup_time: row.pickupTime,
    // A rejection's catalogued reasons in the reader's language, then the officer's own note.
    notes: rejection.length ? reasonNote(rejection.map(textWords), row.notes, lang) : row.notes,
    rejection_reasons: rejection,
    // Our fixed note is shown in the reader's language; an officer's note verbatim.
    notes_code:
      row.status !== Status.rejected
        ? null
        : row.notes === DEADLINE_NOTE
          ? DEADLINE_NOTE_CODE
          : row.notes === INFORMATION_NOTE
            ? INFORMATION_NOTE_CODE
            : null,
    // The request to the citizen and the clock (services/officers/): read only when they can show.
    information_request: row.status === Status.informationRequested ? await citizenRequestView(db, row, lang) : null,
    clock: await readClock(db, row, now ?? new Date()),
    certificate_code: row.certificateCode,
    revocation: row.certificateRevokedAt
      ? { at: row.certificateRevokedAt.toISOString(), reason: row.certificateRevokedReason ?? '' }
      : null,
    reapplied_from: row.reappliedFromId,
    reapplied_by: reappliedBy,
    applicant_data: { ...data, ...names },
    document_submit: Object.assign({}, ...APPLICATION_DOCUMENTS.map(docField)),
    payment: {
      bank_id: row.bankId,
      bank_logo: bank ? `/api/v1/master-data/bank-logo/${bank.code}.svg` : '',
      bank_name: bank ? (lang === 'lo' ? bank.nameLo : bank.nameEn) : '',
      payment_status: row.paymentStatus as PaymentStatus,
      proof_of_payment_path: proof ? documentPath(row.id, 'proof_of_payment') : null,
      va_number: row.vaNumber,
      amount: row.amount,
      currency: 'LAK',
      // The recipient in the reader's language when it is still the configured one (PAYMENT_RECIPIENT_LO).
      recipient: lang === 'lo' && fee && row.recipient === fee.recipient ? fee.recipientLo : row.recipient,
      fee_lines: row.feeLines as FeeLine[],
      deadline: row.deadline.toISOString(),
    },
  };
}

/** Statuses in which the citizen may still replace a document: before an officer starts the review. */
const DOCUMENTS_OPEN: readonly string[] = [Status.pending, Status.waitingForApprove];

/** POST …/upload-document/{id}: replaces one or more of the three documents, checked like new ones. */
export async function replaceDocuments(
  app: FastifyInstance,
  row: ApplicationRow,
  incoming: Partial<Record<ApplicationDocumentKind, IncomingDocument>>,
  scope: IdempotencyScope,
) {
  const kinds = APPLICATION_DOCUMENTS.filter((kind) => isSent(incoming[kind]));
  if (!kinds.length)
    throw invalid(Object.fromEntries(APPLICATION_DOCUMENTS.map((kind) => [kind, FieldError.required])));
  if (!DOCUMENTS_OPEN.includes(row.status)) {
    throw new HttpError(
      409,
      ErrorCode.invalidTransition,
      'Documents can no longer be changed: the application is being reviewed.',
    );
  }
  const prepared = await prepareDocuments(
    app,
    row.userId,
    kinds.map((kind) => ({ kind, incoming: incoming[kind]! })),
  );
  const answer = await app.db.transaction(async (tx) => {
    // Re-checked in the transaction: an officer may have started the review since we read the row.
    const open = await tx
      .update(applications)
      .set({ updatedAt: new Date() })
      .where(and(eq(applications.id, row.id), inArray(applications.status, [...DOCUMENTS_OPEN])))
      .returning({ id: applications.id });
    if (!open.length)
      throw new HttpError(
        409,
        ErrorCode.invalidTransition,
        'Documents can no longer be changed: the application is being reviewed.',
      );
    await storeDocuments(tx, row.userId, row.id, prepared);
    const used = await useUploads(app, tx, row.userId, prepared);
    const body = { data: { id: row.id, replaced: kinds } };
    await scope.remember(tx, { statusCode: 200, body });
    return { body, used };
  });
  await app.uploads.discardFiles(answer.used);
  return answer.body;
}
