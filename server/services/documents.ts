import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR, PRIVATE_FILE } from '../lib/private-files';
import { inArray, sql } from 'drizzle-orm';
import {
  ALLOWED_TYPES,
  EXTENSIONS,
  MAX_FILE_BYTES,
  parseDataUrl,
  sniffType,
  type DocumentKind,
  type FileType,
} from '../../contract/documents';
import { ErrorCode } from '../../contract/errors';
import type { Database, Db } from '../db/client';
import { documents } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { checkImage, rewritePdf } from './file-checks';

export interface DecodedDocument {
  bytes: Buffer;
  size: number;
  contentType: FileType;
  sha256: string;
}

/** The column values of a documents row whose bytes are durable; `data` is null when they are a file. */
export interface StoredDocument {
  sha256: string;
  size: number;
  contentType: string;
  data: Buffer | null;
}

const refuse = (status: number, code: string, field: string, message: string) =>
  new HttpError(status, code, message, { [field]: code });

/**
 * Checks an uploaded file the way the browser did, but trusting nothing it said: base64 data URL,
 * at most 10 MB, then the checks every document passes (checkDocument).
 */
export async function decodeDocument(
  dataUrl: string,
  kind: DocumentKind,
  field: string = kind,
): Promise<DecodedDocument> {
  const parsed = parseDataUrl(dataUrl);
  if (!parsed) throw refuse(415, ErrorCode.fileTypeNotAllowed, field, `${field} must be a base64 data URL`);
  // base64 is 4/3 of the bytes: refuse before decoding anything too large.
  if ((parsed.base64.length * 3) / 4 > MAX_FILE_BYTES + 3)
    throw refuse(413, ErrorCode.fileTooLarge, field, `${field} is larger than 10 MB`);
  return checkDocument(Buffer.from(parsed.base64, 'base64'), kind, field);
}

/**
 * The checks of every document, however it arrived (a data URL or a finished resumable upload):
 * not empty, at most 10 MB, the real type from its first bytes (a renamed .exe is refused), the
 * kind's allowed types, then the whole file (file-checks.ts: images decoded and kept as a fresh
 * encoding, the applicant photo's 3:4 checked on that; PDFs parsed and kept as their pages only).
 */
export async function checkDocument(bytes: Buffer, kind: DocumentKind, field: string = kind): Promise<DecodedDocument> {
  if (bytes.length === 0) throw refuse(422, ErrorCode.fileTypeNotAllowed, field, `${field} is empty`);
  if (bytes.length > MAX_FILE_BYTES) throw refuse(413, ErrorCode.fileTooLarge, field, `${field} is larger than 10 MB`);
  const type = sniffType(bytes);
  if (!type || !ALLOWED_TYPES[kind].includes(type)) {
    const allowed = ALLOWED_TYPES[kind].map((t) => EXTENSIONS[t][0].slice(1).toUpperCase()).join(', ');
    throw refuse(415, ErrorCode.fileTypeNotAllowed, field, `${field} must be ${allowed}`);
  }
  const kept = type === 'application/pdf' ? await rewritePdf(bytes, field) : await checkImage(bytes, type, kind, field);
  return {
    bytes: kept,
    size: kept.length,
    contentType: type,
    sha256: crypto.createHash('sha256').update(kept).digest('hex'),
  };
}

/**
 * Where document bytes live (docs/decisions.md#where-documents-are-stored). With PGlite, content-addressed files under
 * DATA_DIR/files, written and fsynced before the row that points at them commits (PGlite is far
 * too slow for 10 MB blobs); with PostgreSQL, a bytea column in the same transaction, so several
 * instances share nothing but the database.
 */
export class DocumentStore {
  private readonly dir: string;
  constructor(
    private readonly database: Database,
    dataDir: string,
  ) {
    this.dir = path.join(dataDir, 'files');
  }

  private fileOf(sha256: string) {
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  /** Makes the bytes durable (file mode) and returns the column values for the documents row. */
  async prepare(doc: DecodedDocument): Promise<StoredDocument> {
    if (this.database.kind === 'postgres')
      return { sha256: doc.sha256, size: doc.size, contentType: doc.contentType, data: doc.bytes };
    const file = this.fileOf(doc.sha256);
    if (!fs.existsSync(file)) {
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      const handle = await fs.promises.open(tmp, 'w', PRIVATE_FILE);
      try {
        await handle.writeFile(doc.bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(tmp, file); // atomic: a reader never sees half a file
      await syncDirectory(path.dirname(file)); // and the new name itself survives a power cut
    }
    return { sha256: doc.sha256, size: doc.size, contentType: doc.contentType, data: null };
  }

  /** The bytes of a stored document row. */
  async read(row: { sha256: string; data: Buffer | null }): Promise<Buffer> {
    if (row.data) return row.data;
    return fs.promises.readFile(this.fileOf(row.sha256));
  }

  /** Removes the files of these digests that no document row points at any more (after rows were deleted). */
  async removeUnreferenced(db: Db, sha256s: string[]): Promise<number> {
    if (this.database.kind === 'postgres' || sha256s.length === 0) return 0;
    const still = new Set(
      (
        await db.selectDistinct({ sha256: documents.sha256 }).from(documents).where(inArray(documents.sha256, sha256s))
      ).map((r) => r.sha256),
    );
    let removed = 0;
    for (const sha of new Set(sha256s)) {
      if (still.has(sha)) continue;
      await fs.promises.rm(this.fileOf(sha), { force: true });
      removed++;
    }
    return removed;
  }

  /** Removes files no row points at (left by a request that failed after writing them), older than an hour. */
  async sweepOrphans(db: Db, olderThanMs = 3_600_000): Promise<number> {
    if (this.database.kind === 'postgres' || !fs.existsSync(this.dir)) return 0;
    const referenced = new Set(
      (
        await db
          .selectDistinct({ sha256: documents.sha256 })
          .from(documents)
          .where(sql`${documents.data} is null`)
      ).map((r) => r.sha256),
    );
    let removed = 0;
    for (const sub of await fs.promises.readdir(this.dir)) {
      for (const name of await fs.promises.readdir(path.join(this.dir, sub))) {
        const file = path.join(this.dir, sub, name);
        const stat = await fs.promises.stat(file);
        if (Date.now() - stat.mtimeMs < olderThanMs) continue;
        if (name.endsWith('.tmp') || !referenced.has(name)) {
          await fs.promises.rm(file, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
