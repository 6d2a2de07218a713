import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { slotMinutes } from '../../contract/pickup';
import { DeskError, type PrintAnswer } from '../../contract/pickup-desk';
import { Status } from '../../contract/status';
import { applications, certificatePrints, printBatches, users } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { renderCertificate } from './certificates';
import { assertDeskRole, deskDistrict, deskOffices, type DeskOfficer } from './pickup-desk';

/**
 * The day's certificates in one go (docs/decisions.md#the-pick-up-desk): every certificate booked
 * for a day at one district office, in the order of the booking slots, recorded as printed by
 * whom and when; printing them again says so.
 */

const nameOf = sql<string>`coalesce(nullif(trim(concat(${users.firstName}, ' ', ${users.lastName})), ''), ${users.email})`;

/** POST …/pickup-desk/print: records the batch (the certificates are then printed) and says whether they were printed before. */
export async function printDay(
  app: FastifyInstance,
  officer: DeskOfficer,
  input: { date: string; district_id?: number },
): Promise<PrintAnswer> {
  assertDeskRole(officer);
  const district = await deskDistrict(app.db, officer, input.district_id);
  return app.db.transaction(async (tx) => {
    const booked = await tx
      .select({ id: applications.id, time: applications.pickupTime, ticket: applications.ticketNumber })
      .from(applications)
      .where(
        and(
          eq(applications.pickupDate, input.date),
          eq(applications.status, Status.waitingToPickup),
          isNull(applications.certificateRevokedAt),
          sql`(${applications.applicantData}->>'district_id') = ${String(district)}`,
        ),
      );
    if (!booked.length)
      throw new HttpError(409, DeskError.nothingToPrint, `No certificate is booked for ${input.date} at this office.`);
    // In the order the citizens come: by slot (the 12-hour labels do not sort as text), then ticket.
    booked.sort((a, b) => slotMinutes(a.time!) - slotMinutes(b.time!) || a.ticket.localeCompare(b.ticket));
    const ids = booked.map((b) => b.id);
    const [before] = await tx
      .select({ at: certificatePrints.printedAt, by: nameOf })
      .from(certificatePrints)
      .innerJoin(users, eq(users.id, certificatePrints.printedBy))
      .where(inArray(certificatePrints.applicationId, ids))
      .orderBy(desc(certificatePrints.printedAt))
      .limit(1);
    const printedBefore = before
      ? (
          await tx
            .select({ n: sql<number>`count(distinct ${certificatePrints.applicationId})::int` })
            .from(certificatePrints)
            .where(inArray(certificatePrints.applicationId, ids))
        )[0].n
      : 0;
    const [batch] = await tx
      .insert(printBatches)
      .values({ pickupDate: input.date, districtId: district, printedBy: officer.id, certificates: ids.length })
      .returning({ id: printBatches.id });
    await tx
      .insert(certificatePrints)
      .values(ids.map((applicationId) => ({ applicationId, batchId: batch.id, printedBy: officer.id })));
    return {
      batch_id: batch.id,
      certificates: ids.length,
      printed_before: before ? { at: before.at.toISOString(), by: before.by, certificates: printedBefore } : null,
    };
  });
}

/**
 * GET …/pickup-desk/print/:id: the batch as one PDF, each page the certificate exactly as the
 * citizen downloads it (renderCertificate), copied page by page in the batch's order. A
 * certificate revoked since the batch was recorded is left out: it must not be handed over.
 */
export async function batchPdf(app: FastifyInstance, officer: DeskOfficer, batchId: number): Promise<Buffer> {
  assertDeskRole(officer);
  const [batch] = await app.db.select().from(printBatches).where(eq(printBatches.id, batchId));
  const offices = await deskOffices(app.db, officer);
  if (!batch || !offices.some((o) => o.id === batch.districtId)) throw notFound('Print not found');
  const prints = await app.db
    .select({ applicationId: certificatePrints.applicationId })
    .from(certificatePrints)
    .where(eq(certificatePrints.batchId, batchId))
    .orderBy(asc(certificatePrints.id));
  const rows = await app.db
    .select()
    .from(applications)
    .where(inArray(applications.id, prints.length ? prints.map((p) => p.applicationId) : [0]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Loaded with the first batch: the PDF library is not needed by a server that never prints one.
  const { PDFDocument } = await import('pdf-lib');
  const out = await PDFDocument.create();
  out.setTitle(`Resident certificates ${batch.pickupDate}`);
  for (const { applicationId } of prints) {
    const row = byId.get(applicationId);
    if (!row || row.certificateRevokedAt) continue;
    const single = await PDFDocument.load(
      await renderCertificate(app.db, row, app.config.appBaseUrl, app.certificateKeys.active),
    );
    for (const page of await out.copyPages(single, single.getPageIndices())) out.addPage(page);
  }
  return Buffer.from(await out.save());
}
