import * as v from 'valibot';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES } from '../../contract/documents';
import { ErrorCode } from '../../contract/errors';
import {
  MAX_LIVE_UPLOADS,
  OFFSET_OCTET_STREAM,
  TUS_EXTENSIONS,
  TUS_VERSION,
  UPLOAD_KINDS,
  UPLOADS_PATH,
} from '../../contract/uploads';
import { HttpError, badRequest, tooManyRequests } from '../lib/http-error';
import { answers, noBody } from '../lib/answers';
import { schema, type TypedApp } from '../lib/validation';
import { chargeCounter } from '../services/rate-limit-store';
import { ensureStorageRoom } from '../services/storage-room';
import { uploadNotFound, type UploadRow } from '../services/uploads';

const tags = ['uploads'];
/** The upload's id, checked by loadUpload (an unknown one is a 404 like another citizen's). */
const params = schema(v.object({ id: v.string() }));
const security = [{ bearer: [] }];
const PATH = '/v1/uploads';
const HOUR_MS = 3_600_000;
const IDLE_MS = 60_000;

type Body = AsyncIterable<Buffer> & { destroy(): void };

/** A non-negative whole number header, or null when absent or malformed. */
function integerHeader(value: string | string[] | undefined): number | null {
  return typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** `Upload-Metadata: key base64,key base64`: the pairs, or null when it is malformed. */
function parseMetadata(header: string | string[] | undefined): Map<string, string> | null {
  const pairs = new Map<string, string>();
  if (header === undefined || header === '') return pairs;
  if (typeof header !== 'string') return null;
  for (const item of header.split(',')) {
    const m = /^\s*([^\s,]+)(?: ([A-Za-z0-9+/]*={0,2}))?\s*$/.exec(item);
    if (!m || pairs.has(m[1])) return null;
    pairs.set(m[1], Buffer.from(m[2] ?? '', 'base64').toString('utf8'));
  }
  return pairs;
}

const isStream = (body: unknown): body is Body =>
  typeof body === 'object' && body !== null && Symbol.asyncIterator in body;

const uploadHeaders = (upload: Pick<UploadRow, 'offset' | 'expiresAt'>) => ({
  'upload-offset': String(upload.offset),
  'upload-expires': upload.expiresAt.toUTCString(),
});

const metadataError = (field: string, code: string, message: string) =>
  new HttpError(400, ErrorCode.validation, message, { [field]: code });

/**
 * Resumable uploads, tus 1.0.0 (core, creation, creation-with-upload, expiration, termination): a
 * document sent in pieces over a weak link, resumed after a cut from what the server holds (HEAD),
 * then named by an application or a proof of payment (`<field>_upload_id`). Bodies are streams,
 * appended as they arrive (services/uploads.ts); they never pass through the JSON parser or its 1 MB
 * limit. Uploads have their own limits per account (starts and megabytes per hour, live uploads at
 * once), so a piece is never counted as a whole document.
 */
export default async function uploadRoutes(app: TypedApp) {
  app.addContentTypeParser(OFFSET_OCTET_STREAM, (_req, payload, done) => done(null, payload));
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('tus-resumable', TUS_VERSION);
    return payload;
  });
  const limits = app.config.rateLimits;

  /** Every request but OPTIONS says which protocol version it speaks. */
  async function tusRequest(req: FastifyRequest, reply: FastifyReply) {
    if (req.headers['tus-resumable'] !== TUS_VERSION) {
      reply.header('tus-version', TUS_VERSION);
      throw new HttpError(412, ErrorCode.badRequest, `Send Tus-Resumable: ${TUS_VERSION}.`);
    }
  }
  /** PATCH bodies are raw bytes: anything else is refused before it is read. */
  async function octetStream(req: FastifyRequest) {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== OFFSET_OCTET_STREAM)
      throw new HttpError(415, ErrorCode.badRequest, `Send the bytes as ${OFFSET_OCTET_STREAM}.`);
  }

  /**
   * onRequest, right after the session: the caller's upload, before any other check, so another
   * citizen's upload is a 404 whatever else the request gets wrong.
   */
  const found = new WeakMap<FastifyRequest, UploadRow>();
  async function loadUpload(req: FastifyRequest & { params: { id: string } }) {
    const upload = await app.uploads.find(req.params.id, req.user!.id);
    if (!upload) throw uploadNotFound();
    found.set(req, upload);
  }
  const ownUpload = (req: FastifyRequest) => found.get(req)!;

  async function append(upload: UploadRow, offset: number, req: FastifyRequest) {
    const declared = integerHeader(req.headers['content-length']);
    // A link that goes silent without closing would hold the request for ever: after a minute
    // without bytes the connection is closed (Node's server does it on the socket's timeout),
    // the bytes that arrived are kept, and the client resumes.
    const socket = req.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
    socket?.setTimeout?.(IDLE_MS);
    try {
      // The octet-stream parser hands the body over as the request stream itself.
      if (!isStream(req.body))
        throw new HttpError(415, ErrorCode.badRequest, `Send the bytes as ${OFFSET_OCTET_STREAM}.`);
      return await app.uploads.append(upload, offset, req.body, declared);
    } catch (err) {
      if (err instanceof HttpError || !req.raw.destroyed) throw err;
      // The link broke (or a resume took over): the bytes that arrived are kept, and nobody is left to answer.
      req.log.info({ upload: upload.id }, 'upload connection closed before the end of its piece');
      throw new HttpError(400, ErrorCode.badRequest, 'The connection closed before the whole body arrived.');
    } finally {
      socket?.setTimeout?.(0);
    }
  }

  app.options(
    PATH,
    {
      schema: {
        tags,
        summary: 'What this server supports of the tus protocol',
        response: answers({ 204: noBody('Tus-Version, Tus-Extension and Tus-Max-Size') }),
        description: `204 with Tus-Version, Tus-Extension and Tus-Max-Size (${MAX_FILE_BYTES} bytes).`,
      },
    },
    async (_req, reply) =>
      reply
        .status(204)
        .headers({ 'tus-version': TUS_VERSION, 'tus-extension': TUS_EXTENSIONS, 'tus-max-size': MAX_FILE_BYTES })
        .send(),
  );

  app.post(
    PATH,
    {
      onRequest: [app.authenticate, tusRequest],
      schema: {
        tags,
        security,
        summary: 'Begin a resumable upload of one document',
        response: answers({ 201: noBody('Begun: Location names the upload') }),
        description:
          'Headers: Tus-Resumable: 1.0.0; Upload-Length: bytes (1 to 10 MB, else 413 file_too_large); ' +
          'Upload-Metadata: `kind <base64>` (required: applicant_photo, household_registration_book, ' +
          'proof_of_residence, proof_of_payment or id_card), `filename <base64>`, `filetype <base64>`. ' +
          `Answers 201 with Location: ${UPLOADS_PATH}/{id} and Upload-Expires (24 h after the last bytes). ` +
          'A body of type application/offset+octet-stream is the first piece (Upload-Offset in the answer). ' +
          `Limits per account: ${MAX_LIVE_UPLOADS} uploads at once, uploads begun and megabytes declared ` +
          'per hour (429 with Retry-After). 507 storage_full when the server is short of disk or database space.',
      },
    },
    async (req, reply) => {
      if (req.headers['upload-defer-length'] !== undefined)
        throw badRequest('Upload-Defer-Length is not supported: send Upload-Length.');
      const length = integerHeader(req.headers['upload-length']);
      if (length === null || length === 0) throw badRequest('Upload-Length is required (bytes, at least 1).');
      if (length > MAX_FILE_BYTES) throw new HttpError(413, ErrorCode.fileTooLarge, 'A document is at most 10 MB.');
      const metadata = parseMetadata(req.headers['upload-metadata']);
      if (!metadata) throw metadataError('metadata', 'invalid_metadata', 'Upload-Metadata is malformed.');
      const kind = metadata.get('kind') ?? '';
      if (!(UPLOAD_KINDS as string[]).includes(kind))
        throw metadataError('kind', 'invalid_kind', 'Upload-Metadata must name a known kind of document.');
      const text = (key: string, max: number) => {
        const value = metadata.get(key);
        // PostgreSQL text cannot hold NUL; the name is cleaned again when the document is stored.
        if (value !== undefined && (value.length > max || value.includes('\u0000')))
          throw metadataError(key, 'invalid_metadata', `Upload-Metadata ${key} is too long or malformed.`);
        return value || null;
      };
      const fileName = text('filename', 255);
      const declaredType = text('filetype', 100);

      const userId = req.user!.id;
      await ensureStorageRoom(app, length);
      if ((await app.uploads.liveCount(userId)) >= MAX_LIVE_UPLOADS)
        throw tooManyRequests(
          `You have ${MAX_LIVE_UPLOADS} unfinished or unused uploads. Finish or delete some, or wait until they expire.`,
          'too_many_uploads',
          HOUR_MS / 1000,
        );
      const starts = `upload-starts:${userId}`;
      const begun = await chargeCounter(app.db, starts, 1, limits.uploadStartsPerHour, HOUR_MS);
      if (!begun.allowed)
        throw tooManyRequests(
          'You have begun many uploads in the last hour. Please try again later.',
          undefined,
          begun.ttl / 1000,
        );
      const kb = await chargeCounter(
        app.db,
        `upload-kb:${userId}`,
        Math.ceil(length / 1024),
        limits.uploadMegabytesPerHour * 1024,
        HOUR_MS,
      );
      if (!kb.allowed) {
        // A refused upload is not counted as begun.
        await chargeCounter(app.db, starts, -1, limits.uploadStartsPerHour, HOUR_MS);
        throw tooManyRequests(
          'You have uploaded many megabytes in the last hour. Please try again later.',
          undefined,
          kb.ttl / 1000,
        );
      }

      let upload = await app.uploads.create({ userId, kind, fileName, declaredType, length });
      if (isStream(req.body)) {
        const moved = await append(upload, 0, req);
        upload = { ...upload, ...moved };
      }
      return reply
        .status(201)
        .headers({ location: `${UPLOADS_PATH}/${upload.id}`, ...uploadHeaders(upload) })
        .send();
    },
  );

  app.head(
    `${PATH}/:id`,
    {
      onRequest: [app.authenticate, loadUpload, tusRequest],
      config: { limit: 'upload-piece' },
      schema: {
        tags,
        security,
        summary: 'How much of an upload the server holds',
        params,
        response: answers({ 200: noBody('Upload-Offset, Upload-Length and Upload-Expires') }),
        description:
          '200 with Upload-Offset (resume from there), Upload-Length and Upload-Expires. Unknown, expired ' +
          "or another citizen's upload: 404. Counted with PATCH per account per hour (429).",
      },
    },
    async (req, reply) => {
      const upload = ownUpload(req);
      return reply
        .status(200)
        .headers({ ...uploadHeaders(upload), 'upload-length': String(upload.length), 'cache-control': 'no-store' })
        .send();
    },
  );

  app.patch(
    `${PATH}/:id`,
    {
      onRequest: [app.authenticate, loadUpload, tusRequest, octetStream],
      config: { limit: 'upload-piece' },
      schema: {
        tags,
        security,
        summary: 'Send the next piece of an upload',
        params,
        response: answers({ 204: noBody('Kept: the new Upload-Offset') }),
        description:
          'Content-Type: application/offset+octet-stream; Upload-Offset: what HEAD answered. The bytes are ' +
          'kept as they arrive, also when the connection breaks. 204 with the new Upload-Offset; 409 when ' +
          "Upload-Offset is not the server's; 415 for another body type; 413 past Upload-Length; 404 unknown; " +
          '429 past the pieces an account may send per hour.',
      },
    },
    async (req, reply) => {
      const upload = ownUpload(req);
      const offset = integerHeader(req.headers['upload-offset']);
      if (offset === null) throw badRequest('Upload-Offset is required.');
      const moved = await append(upload, offset, req);
      return reply.status(204).headers(uploadHeaders(moved)).send();
    },
  );

  app.delete(
    `${PATH}/:id`,
    {
      onRequest: [app.authenticate, loadUpload, tusRequest],
      schema: {
        tags,
        security,
        summary: 'Abandon an upload (its bytes are removed)',
        params,
        response: answers({ 204: noBody('Removed') }),
      },
    },
    async (req, reply) => {
      await app.uploads.remove(ownUpload(req));
      return reply.status(204).send();
    },
  );
}
