import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import type { Db } from '../db/client';
import { applications, certificateDownloads, certificateFeedback } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { CERTIFICATE_STATUSES } from './certificates';

/**
 * The citizen's side of two figures (docs/decisions.md#office-figures): the first download of the
 * certificate (digital take-up) and the one optional question after it (satisfaction).
 */

/** The first time the owner downloaded their certificate; later downloads change nothing. */
export async function recordDownload(db: Db, applicationId: number): Promise<void> {
  await db.insert(certificateDownloads).values({ applicationId }).onConflictDoNothing();
}

/** POST …/{id}/feedback: 1 to 5, once per certificate (a second answer replaces the first). */
export async function recordFeedback(db: Db, userId: number, applicationId: number, rating: number) {
  const [row] = await db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)));
  if (!row) throw notFound('Application not found');
  if (!CERTIFICATE_STATUSES.includes(row.status))
    throw new HttpError(409, ErrorCode.invalidTransition, 'The certificate is not issued yet.');
  await db
    .insert(certificateFeedback)
    .values({ applicationId, rating })
    .onConflictDoUpdate({ target: certificateFeedback.applicationId, set: { rating, createdAt: new Date() } });
  return { rating };
}

/** GET …/{id}/feedback: the owner's answer, or null (the screen asks once). */
export async function feedbackFor(db: Db, userId: number, applicationId: number): Promise<{ rating: number | null }> {
  const [row] = await db
    .select({ rating: certificateFeedback.rating })
    .from(applications)
    .leftJoin(certificateFeedback, eq(certificateFeedback.applicationId, applications.id))
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)));
  if (!row) throw notFound('Application not found');
  return { rating: row.rating };
}
