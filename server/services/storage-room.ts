import fs from 'node:fs';
import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Status } from '../../contract/status';
import type { Db } from '../db/client';
import { applications, documents } from '../db/schema';
import { HttpError } from '../lib/http-error';

/** Applications a citizen may have under way at once (neither picked up nor rejected). */
export const MAX_LIVE_APPLICATIONS = 5;
/** Document rows one account may hold in all (replaced ones stay for the record, so they count). */
export const MAX_DOCUMENTS_PER_ACCOUNT = 100;

const MB = 1024 * 1024;

const storageFull = () =>
  new HttpError(
    507,
    'storage_full',
    'The service cannot take documents at the moment. Please try again later; nothing was lost.',
    undefined,
    3600,
  );

/**
 * Refuses (507 storage_full) a new upload of `bytes` when the disk of DATA_DIR would keep less
 * than STORAGE_MIN_FREE_MB free, or the database is past STORAGE_DATABASE_MAX_MB: documents stop
 * arriving before the disk is full, while everything else (sign-in, status, certificates) goes on.
 */
export async function ensureStorageRoom(app: FastifyInstance, bytes: number): Promise<void> {
  const { minFreeMb, databaseMaxMb } = app.config.storage;
  if (minFreeMb > 0) {
    const disk = await fs.promises.statfs(app.config.dataDir).catch(() => null);
    if (disk && disk.bavail * disk.bsize - bytes < minFreeMb * MB) {
      app.log.error({ freeMb: Math.floor((disk.bavail * disk.bsize) / MB) }, 'disk nearly full: uploads refused');
      throw storageFull();
    }
  }
  if (databaseMaxMb !== null) {
    const result = await app.db.execute<{ n: string | number }>(sql`select pg_database_size(current_database()) as n`);
    const size = Number((result as unknown as { rows: { n: string | number }[] }).rows[0].n);
    if (size + bytes > databaseMaxMb * MB) {
      app.log.error({ databaseMb: Math.floor(size / MB) }, 'database past its budget: uploads refused');
      throw storageFull();
    }
  }
}

/** Refuses (409 too_many_applications) a new application when the citizen already has enough under way. */
export async function ensureRoomForApplication(db: Db, userId: number): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.userId, userId), notInArray(applications.status, [Status.pickedUp, Status.rejected])));
  if (row.n >= MAX_LIVE_APPLICATIONS)
    throw new HttpError(
      409,
      'too_many_applications',
      `You already have ${MAX_LIVE_APPLICATIONS} applications under way. Wait until one is finished.`,
    );
}

/** Refuses (409 too_many_documents) `adding` more documents to an account that holds its share already. */
export async function ensureRoomForDocuments(db: Db, userId: number, adding: number): Promise<void> {
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.ownerId, userId));
  if (row.n + adding > MAX_DOCUMENTS_PER_ACCOUNT)
    throw new HttpError(
      409,
      'too_many_documents',
      'This account holds as many documents as it may. Please contact the office.',
    );
}
