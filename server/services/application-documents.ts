import path from 'node:path';
import { EXTENSIONS, type DocumentKind, type FileType } from '../../contract/documents';
import type { Db } from '../db/client';
import { documents } from '../db/schema';
import type { DecodedDocument, DocumentStore } from './documents';

/** A document as the citizen sent it: a base64 data URL (or null) and, optionally, its file name. */
export interface IncomingDocument {
  dataUrl: string | null | undefined;
  name?: string | null;
}

export interface PreparedDocument {
  kind: DocumentKind;
  name?: string | null;
  doc: DecodedDocument;
  stored: Awaited<ReturnType<DocumentStore['prepare']>>;
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
      fileName: cleanFileName(p.name, p.kind, p.doc.contentType),
      contentType: p.stored.contentType,
      size: p.stored.size,
      sha256: p.stored.sha256,
      data: p.stored.data,
    })),
  );
}
