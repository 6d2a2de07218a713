import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EXTENSIONS, type DocumentKind, type FileType } from '../../contract/documents';
import { ErrorCode } from '../../contract/errors';
import { FieldError } from '../../contract/rules';
import { UploadFieldError } from '../../contract/uploads';
import type { Db } from '../db/client';
import { documents } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { checkDocument, decodeDocument, type DecodedDocument, type StoredDocument } from './documents';
import type { UploadRow } from './uploads';
import { ensureRoomForDocuments, ensureStorageRoom } from './storage-room';

/**
 * A document as the citizen sent it: inline as a base64 data URL, or as the id of a finished
 * resumable upload (exactly one of the two), and optionally its file name.
 */
export interface IncomingDocument {
  dataUrl?: string | null;
  uploadId?: string | null;
  name?: string | null;
}

export interface PreparedDocument {
  kind: DocumentKind;
  name?: string | null;
  contentType: FileType;
  stored: StoredDocument;
  /** The resumable upload the bytes came from: removed in the transaction that stores the row. */
  uploadId?: string;
}

interface CheckedDocument {
  kind: DocumentKind;
  field: string;
  name?: string | null;
  doc: DecodedDocument;
  upload?: UploadRow;
}

const refuse = (status: number, code: string, field: string, fieldCode: string, message: string) =>
  new HttpError(status, code, message, { [field]: fieldCode });

/** Whether a document was sent at all (either way). */
export const isSent = (doc: IncomingDocument | undefined) => Boolean(doc?.dataUrl || doc?.uploadId);

/** A referenced upload that may be used: the caller's, live, finished and of the document's kind. */
async function usableUpload(app: FastifyInstance, userId: number, kind: DocumentKind, id: string, field: string) {
  const ref = `${field}_upload_id`;
  const upload = await app.uploads.find(id, userId);
  // Unknown, expired, used already or another citizen's: one answer, so nobody learns which.
  if (!upload) throw refuse(404, ErrorCode.notFound, ref, UploadFieldError.notFound, `${ref}: no such upload`);
  if (upload.kind !== kind)
    throw refuse(422, ErrorCode.validation, ref, UploadFieldError.wrongKind, `${ref} was uploaded as ${upload.kind}`);
  if (!upload.finished)
    throw refuse(409, ErrorCode.validation, ref, UploadFieldError.incomplete, `${ref} has not been uploaded whole`);
  return upload;
}

/** Reads and checks one document; a finished upload passes exactly the checks of a data URL. */
async function check(
  app: FastifyInstance,
  userId: number,
  kind: DocumentKind,
  field: string,
  incoming: IncomingDocument,
): Promise<CheckedDocument> {
  if (incoming.dataUrl && incoming.uploadId)
    throw refuse(
      400,
      ErrorCode.validation,
      field,
      UploadFieldError.sentTwice,
      `Send ${field} or ${field}_upload_id, not both`,
    );
  if (incoming.dataUrl)
    return { kind, field, name: incoming.name, doc: await decodeDocument(incoming.dataUrl, kind, field) };
  if (!incoming.uploadId)
    throw refuse(400, ErrorCode.validation, field, FieldError.required, `Invalid ${field}: ${FieldError.required}`);
  const upload = await usableUpload(app, userId, kind, incoming.uploadId, field);
  return {
    kind,
    field,
    name: incoming.name,
    doc: await checkDocument(await readWhole(app, upload, field), kind, field),
    upload,
  };
}

/** A finished upload's bytes; missing ones (a restore from a backup, which holds no uploads) are no upload. */
async function readWhole(app: FastifyInstance, upload: UploadRow, field: string) {
  const bytes = await app.uploads.read(upload);
  if (bytes.length === upload.length) return bytes;
  const ref = `${field}_upload_id`;
  throw refuse(404, ErrorCode.notFound, ref, UploadFieldError.notFound, `${ref}: no such upload`);
}

/**
 * Refuses a request past the account's share of documents or the server's storage budget
 * (storage-room.ts), checks every document, then makes their bytes durable (services/documents.ts), so a refused file
 * leaves nothing behind. What is stored is what the checks kept (an image decoded and encoded
 * afresh, file-checks.ts), never the bytes as received, so an upload's bytes are read once, one
 * document at a time, and only the kept copies wait for the store (at most three documents).
 */
export async function prepareDocuments(
  app: FastifyInstance,
  userId: number,
  wanted: { kind: DocumentKind; field?: string; incoming: IncomingDocument }[],
): Promise<PreparedDocument[]> {
  await ensureRoomForDocuments(app.db, userId, wanted.length);
  await ensureStorageRoom(app, 0);
  const checked: CheckedDocument[] = [];
  for (const w of wanted) {
    checked.push(await check(app, userId, w.kind, w.field ?? w.kind, w.incoming));
  }
  const prepared: PreparedDocument[] = [];
  for (const c of checked) {
    const base = { kind: c.kind, name: c.name, contentType: c.doc.contentType };
    prepared.push({ ...base, stored: await app.documents.prepare(c.doc), uploadId: c.upload?.id });
  }
  return prepared;
}

/**
 * Inside the transaction that stores the documents: removes the uploads they came from. One used
 * or removed since it was checked (a second request racing with the same upload) refuses the
 * whole request, as if it had never been there.
 */
export async function useUploads(app: FastifyInstance, tx: Db, userId: number, prepared: PreparedDocument[]) {
  const ids = prepared.flatMap((p) => (p.uploadId ? [p.uploadId] : []));
  const gone = await app.uploads.consume(tx, ids, userId);
  const lost = prepared.find((p) => p.uploadId && !gone.has(p.uploadId));
  if (lost) {
    const ref = `${lost.kind}_upload_id`;
    throw refuse(404, ErrorCode.notFound, ref, UploadFieldError.notFound, `${ref}: no such upload`);
  }
  return ids;
}

/**
 * The name a document is shown and downloaded under: the citizen's own file name without any path,
 * control or quoting characters, with the extension of what the file really is.
 */
export function cleanFileName(name: string | null | undefined, kind: DocumentKind, type: FileType): string {
  const extensions = EXTENSIONS[type];
  const base = path.posix
    .basename(String(name ?? '').replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const ext = path.posix.extname(base).toLowerCase();
  // A known extension that lies about the type ("photo.jpg" that is a PNG) is replaced, not kept.
  const known = Object.values(EXTENSIONS).flat().includes(ext);
  const stem = (known ? base.slice(0, -ext.length) : base).trim().slice(0, 120) || kind;
  return `${stem}${extensions.includes(ext) ? ext : extensions[0]}`;
}

/** Rows for documents whose bytes `DocumentStore.prepare` already made durable; call inside the transaction. */
export async function storeDocuments(
  tx: Db,
  ownerId: number,
  applicationId: number,
  prepared: PreparedDocument[],
): Promise<void> {
  if (!prepared.length) return;
  await tx.insert(documents).values(
    prepared.map((p) => ({
      ownerId,
      applicationId,
      kind: p.kind,
      fileName: cleanFileName(p.name, p.kind, p.contentType),
      contentType: p.stored.contentType,
      size: p.stored.size,
      sha256: p.stored.sha256,
      data: p.stored.data,
    })),
  );
}

/** The newest document of that kind of an application (a replaced one stays for the record). */
export async function latestDocument(db: Db, applicationId: number, kind: DocumentKind) {
  const [doc] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), eq(documents.kind, kind)))
    .orderBy(desc(documents.id))
    .limit(1);
  return doc;
}
