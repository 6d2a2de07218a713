import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import { UPLOAD_EXPIRY_HOURS, UPLOAD_ID_PATTERN } from '../../contract/uploads';
import type { Database, Db } from '../db/client';
import { uploadParts, uploads } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';

export type UploadRow = typeof uploads.$inferSelect;

/** Bytes kept in memory before they are made durable: a cut link loses at most this much. */
export const UPLOAD_PIECE_BYTES = 256 * 1024;
const EXPIRY_MS = UPLOAD_EXPIRY_HOURS * 3_600_000;
/**
 * Parts one upload may have (PostgreSQL): small pieces join the last part, so a 10 MB upload needs
 * about 40; the cap only stops what should never happen.
 */
export const MAX_UPLOAD_PARTS = 64;

export const uploadNotFound = () => notFound('Upload not found');
const offsetConflict = () =>
  new HttpError(409, 'upload_offset_mismatch', 'Upload-Offset does not match what the server holds: ask again (HEAD).');

/** Ends one request's append early, and says when it has stopped (see UploadStore.append). */
interface Appender {
  /** Ends the request; `keepHeld`: the bytes it holds but has not stored yet are stored first. */
  stop(keepHeld: boolean): void;
  dropHeld: boolean;
  done: Promise<unknown>;
}

/**
 * Where the bytes of resumable uploads live while they arrive, by the documents' rule
 * (services/documents.ts). With PGlite a file DATA_DIR/uploads/<id>, each piece written at its
 * position and fsynced before the row's offset moves; with PostgreSQL in `upload_parts` rows of at
 * least a piece each (a smaller piece joins the last part), written in the transaction that moves
 * the offset, so any instance can take a resume.
 *
 * The offset only ever moves by `UPDATE … WHERE offset = <what this request started from>`: of two
 * requests racing on one upload, one piece wins and the other is refused (409), never interleaved.
 */
export class UploadStore {
  private readonly dir: string;
  /** Requests appending in this process, by upload id (a resume takes over from a stalled one). */
  private readonly appending = new Map<string, Appender>();

  constructor(
    private readonly database: Database,
    dataDir: string,
  ) {
    this.dir = path.join(dataDir, 'uploads');
  }

  private get inFiles() {
    return this.database.kind === 'pglite';
  }

  private fileOf(id: string) {
    return path.join(this.dir, id);
  }

  private get db(): Db {
    return this.database.db;
  }

  /** A new upload: its (empty, owner-only) file first with PGlite, then its row. */
  async create(input: {
    userId: number;
    kind: string;
    fileName: string | null;
    declaredType: string | null;
    length: number;
  }): Promise<UploadRow> {
    const id = crypto.randomBytes(16).toString('hex');
    if (this.inFiles) {
      await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
      const handle = await fs.promises.open(this.fileOf(id), 'wx', 0o600);
      await handle.close();
    }
    const [row] = await this.db
      .insert(uploads)
      .values({ id, ...input, expiresAt: new Date(Date.now() + EXPIRY_MS) })
      .returning();
    return row;
  }

  /** The caller's live upload, or null: unknown, expired and another citizen's are never told apart. */
  async find(id: string, userId: number): Promise<UploadRow | null> {
    if (!UPLOAD_ID_PATTERN.test(id)) return null;
    const [row] = await this.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.userId, userId), gt(uploads.expiresAt, new Date())));
    return row ?? null;
  }

  /** Uploads the citizen holds now (finished or not), for the limit on them. */
  async liveCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), gt(uploads.expiresAt, new Date())));
    return row.n;
  }

  /**
   * Appends the body from `offset`, piece by piece as it arrives. The bytes that arrived before the
   * connection broke are kept (the next HEAD reports them). A request that finds another one of
   * this process still appending to the upload — a resume after a cut the server has not noticed
   * yet — stops that one first. Returns the new offset; throws 409 when `offset` is not the
   * upload's, 413 when the body goes past its length.
   */
  async append(
    upload: UploadRow,
    offset: number,
    body: AsyncIterable<Buffer> & { destroy(): void },
    declaredBytes: number | null,
  ): Promise<{ offset: number; expiresAt: Date }> {
    const earlier = this.appending.get(upload.id);
    if (earlier) {
      earlier.stop(false);
      await earlier.done.catch(() => undefined);
    }
    let finish!: () => void;
    const me: Appender = {
      stop: (keepHeld) => {
        me.dropHeld = !keepHeld;
        body.destroy();
      },
      dropHeld: false,
      done: new Promise<void>((r) => (finish = r)),
    };
    this.appending.set(upload.id, me);
    try {
      const current = await this.find(upload.id, upload.userId);
      if (!current) throw uploadNotFound();
      if (current.offset !== offset) throw offsetConflict();
      if (declaredBytes !== null && offset + declaredBytes > current.length) throw pastLength();
      return await this.receive(current, body, me);
    } finally {
      if (this.appending.get(upload.id) === me) this.appending.delete(upload.id);
      finish();
    }
  }

  private async receive(upload: UploadRow, body: AsyncIterable<Buffer> & { destroy(): void }, me: Appender) {
    const file = this.inFiles ? await this.openFile(upload.id) : null;
    let offset = upload.offset;
    let expiresAt = upload.expiresAt;
    let held: Buffer[] = [];
    let heldBytes = 0;
    const commit = async () => {
      if (!heldBytes) return;
      const piece = held.length === 1 ? held[0] : Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
      expiresAt = await this.commitPiece(upload, offset, piece, file);
      offset += piece.length;
    };
    let tooLong = false;
    let broken: unknown = null;
    try {
      try {
        for await (const chunk of body) {
          if (offset + heldBytes + chunk.length > upload.length) {
            tooLong = true;
            break;
          }
          held.push(chunk);
          heldBytes += chunk.length;
          if (heldBytes >= UPLOAD_PIECE_BYTES) await commit();
        }
      } catch (err) {
        broken = err; // the link broke: what arrived before is still kept below
      }
      // Taken over by a resume, which sends these bytes again from the offset it was told: leave them.
      if (!me.dropHeld) await commit();
    } finally {
      await file?.close();
    }
    if (tooLong) throw pastLength();
    if (broken) throw broken;
    return { offset, expiresAt };
  }

  private async openFile(id: string) {
    try {
      return await fs.promises.open(this.fileOf(id), 'r+');
    } catch {
      throw uploadNotFound(); // its bytes are gone (a restore without them): it cannot be resumed
    }
  }

  /** Makes one piece durable and moves the offset past it, only if nobody moved it meanwhile. */
  private async commitPiece(
    upload: UploadRow,
    offset: number,
    piece: Buffer,
    file: fs.promises.FileHandle | null,
  ): Promise<Date> {
    const next = offset + piece.length;
    const expiresAt = new Date(Date.now() + EXPIRY_MS);
    const move = (db: Db) =>
      db
        .update(uploads)
        .set({ offset: next, finished: next === upload.length, expiresAt })
        .where(and(eq(uploads.id, upload.id), eq(uploads.offset, offset)))
        .returning({ id: uploads.id });
    if (file) {
      // Written at its position, so a piece written again by a request that lost the race is harmless.
      await file.write(piece, 0, piece.length, offset);
      await file.sync();
      if (!(await move(this.db)).length) throw offsetConflict();
      return expiresAt;
    }
    await this.db.transaction(async (tx) => {
      // The row lock of the UPDATE orders racing requests; the loser finds the offset moved.
      if (!(await move(tx)).length) throw offsetConflict();
      // A last part still short of a whole piece takes these bytes: however small the pieces a
      // client sends (a byte per PATCH), every part but the last holds UPLOAD_PIECE_BYTES or more.
      const [last] = await tx
        .select({
          offset: uploadParts.offset,
          size: sql<number>`length(${uploadParts.bytes})`,
          parts: sql<number>`count(*) over ()`,
        })
        .from(uploadParts)
        .where(eq(uploadParts.uploadId, upload.id))
        .orderBy(desc(uploadParts.offset))
        .limit(1);
      if (last && Number(last.size) < UPLOAD_PIECE_BYTES) {
        await tx
          .update(uploadParts)
          .set({ bytes: sql`${uploadParts.bytes} || ${piece}::bytea` })
          .where(and(eq(uploadParts.uploadId, upload.id), eq(uploadParts.offset, last.offset)));
        return;
      }
      if (last && Number(last.parts) >= MAX_UPLOAD_PARTS) throw tooManyParts();
      await tx.insert(uploadParts).values({ uploadId: upload.id, offset, bytes: piece });
    });
    return expiresAt;
  }

  /** A finished upload's bytes (at most 10 MB: the length was checked at creation). */
  async read(upload: UploadRow): Promise<Buffer> {
    if (this.inFiles) {
      const bytes = await fs.promises.readFile(this.fileOf(upload.id)).catch(() => Buffer.alloc(0));
      return bytes.subarray(0, upload.length);
    }
    // Joined by the database: one value comes back, however many parts there are.
    const result = await this.db.execute<{ bytes: Buffer | null }>(
      sql`select string_agg(${uploadParts.bytes}, ''::bytea order by ${uploadParts.offset}) as bytes
          from ${uploadParts} where ${uploadParts.uploadId} = ${upload.id}`,
    );
    const bytes = (result as unknown as { rows: { bytes: Buffer | null }[] }).rows[0]?.bytes ?? Buffer.alloc(0);
    return bytes.subarray(0, upload.length);
  }

  /**
   * Inside the transaction that uses them: removes the caller's finished uploads (and their parts)
   * and returns the ids that were there. An id missing from the answer was used or removed meanwhile.
   */
  async consume(tx: Db, ids: string[], userId: number): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const gone = await tx
      .delete(uploads)
      .where(and(inArray(uploads.id, ids), eq(uploads.userId, userId), eq(uploads.finished, true)))
      .returning({ id: uploads.id });
    return new Set(gone.map((r) => r.id));
  }

  /** After the transaction that removed their rows committed: their files (PGlite). */
  async discardFiles(ids: Iterable<string>): Promise<void> {
    if (!this.inFiles) return;
    for (const id of ids) await fs.promises.rm(this.fileOf(id), { force: true });
  }

  /**
   * At shutdown: ends every request still appending (a slow link may take minutes) once it has
   * stored what arrived, so the server can stop; its client resumes on another instance or later.
   */
  async stopAll(): Promise<void> {
    const all = [...this.appending.values()];
    for (const a of all) a.stop(true);
    await Promise.all(all.map((a) => a.done.catch(() => undefined)));
  }

  /** Termination by its owner: stops an append in flight here, then removes the row and the bytes. */
  async remove(upload: UploadRow): Promise<void> {
    const earlier = this.appending.get(upload.id);
    if (earlier) {
      earlier.stop(false);
      await earlier.done.catch(() => undefined);
    }
    await this.db.delete(uploads).where(and(eq(uploads.id, upload.id), eq(uploads.userId, upload.userId)));
    await this.discardFiles([upload.id]);
  }

  /**
   * The scheduled job: removes uploads past their expiry (rows, parts and files), and with PGlite
   * files no row points at any more (left by a crash), once they are an hour old.
   */
  async expire(now = new Date()): Promise<number> {
    const gone = await this.db.delete(uploads).where(lt(uploads.expiresAt, now)).returning({ id: uploads.id });
    await this.discardFiles(gone.map((r) => r.id));
    if (this.inFiles && fs.existsSync(this.dir)) {
      const live = new Set((await this.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id));
      for (const name of await fs.promises.readdir(this.dir)) {
        if (live.has(name)) continue;
        const stat = await fs.promises.stat(this.fileOf(name)).catch(() => null);
        if (stat && now.getTime() - stat.mtimeMs > 3_600_000) await fs.promises.rm(this.fileOf(name), { force: true });
      }
    }
    return gone.length;
  }
}

function tooManyParts() {
  return new HttpError(413, ErrorCode.fileTooLarge, 'This upload has too many parts: begin it again.');
}

function pastLength() {
  return new HttpError(413, ErrorCode.fileTooLarge, 'The body goes past the Upload-Length declared at creation.');
}
