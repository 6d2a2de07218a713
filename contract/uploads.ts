import * as v from 'valibot';
import { DocumentKind } from './documents';

/**
 * Resumable uploads (tus 1.0.0: core, creation, creation-with-upload, expiration, termination).
 * A document travels in pieces to `/api/v1/uploads/{id}`; a cut link loses only the piece in flight,
 * and the application or proof of payment then names the finished upload instead of carrying it.
 */
export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,creation-with-upload,expiration,termination';
export const UPLOADS_PATH = '/api/v1/uploads';
/** The body type of every PATCH (and of a creation that carries a first piece). */
export const OFFSET_OCTET_STREAM = 'application/offset+octet-stream';
/** An upload not added to for this long is removed with its bytes. */
export const UPLOAD_EXPIRY_HOURS = 24;
/** Uploads a citizen may hold at once (finished or not, not yet used or expired). */
export const MAX_LIVE_UPLOADS = 30;

/** An upload's id: 32 lowercase hex characters, the last part of its Location. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;
export const uploadId = v.pipe(v.string(), v.regex(UPLOAD_ID_PATTERN, 'invalid_upload_id'));

/** The kinds an upload may declare in its `kind` metadata. */
export const UPLOAD_KINDS = Object.values(DocumentKind);

/** Field codes of a document sent by reference (`<field>_upload_id`), or sent both ways. */
export const UploadFieldError = {
  /** Unknown, expired, already used, or another citizen's (never told apart): upload it again. */
  notFound: 'upload_not_found',
  /** Uploaded for another kind of document than the field it is named in. */
  wrongKind: 'upload_wrong_kind',
  /** Not all of its bytes have arrived yet. */
  incomplete: 'upload_incomplete',
  /** Both the data URL and the upload id of one document. */
  sentTwice: 'document_sent_twice',
} as const;
