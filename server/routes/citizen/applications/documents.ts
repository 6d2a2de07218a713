import * as v from 'valibot';
import { documentParams, uploadDocumentBody } from '../../../../contract/application';
import { forbidden, notFound } from '../../../lib/http-error';
import { rewritePdf } from '../../../services/file-checks';
import { idParams, schema, type TypedApp } from '../../../lib/validation';
import { answers, dataAnswer, fileAnswer } from '../../../lib/answers';
import { logAccess } from '../../../services/access-log';
import { latestDocument } from '../../../services/application-documents';
import { findOwnApplication, findVisibleApplication, replaceDocuments } from '../../../services/applications';
import { idempotent } from '../../../services/idempotency';
import { extendClaim } from '../../../services/officers';
import { BASE, DOCUMENTS_BODY_LIMIT, refuseInvalidUpload, security, tags, uploadRouteOptions } from './shared';

const documentQuery = v.object({ download: v.optional(v.picklist(['0', '1'], 'invalid_value')) });

/** RFC 6266: an ASCII fallback and the real (possibly Lao) name, percent-encoded. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export default async function documentRoutes(app: TypedApp) {
  app.post(
    `${BASE}/upload-document/:id`,
    {
      ...uploadRouteOptions(app, DOCUMENTS_BODY_LIMIT),
      schema: {
        tags,
        security,
        summary: 'Replace one or more documents while the application awaits review; accepts Idempotency-Key',
        response: answers({ 200: dataAnswer(v.object({ id: v.number(), replaced: v.array(v.string()) }), 'Replaced') }),
        params: schema(idParams),
        body: schema(uploadDocumentBody),
      },
    },
    async (req, reply) => {
      refuseInvalidUpload(req);
      const { id } = req.params;
      const b = req.body;
      return idempotent(app, req, reply, async (scope) => {
        const row = await findOwnApplication(app.db, id, req.user!.id);
        const body = await replaceDocuments(
          app,
          row,
          {
            applicant_photo: { dataUrl: b.applicant_photo, name: b.applicant_photo_name },
            household_registration_book: {
              dataUrl: b.household_registration_book,
              name: b.household_registration_book_name,
            },
            proof_of_residence: { dataUrl: b.proof_of_residence, name: b.proof_of_residence_name },
          },
          scope,
        );
        return { statusCode: 200, body };
      });
    },
  );

  /**
   * The bytes of a document, for its owner and for officers only (anyone else: 404, as if it did not
   * exist). Sent with the type sniffed at upload — never HTML — and kept out of every cache.
   */
  app.get(
    `${BASE}/:id/documents/:kind`,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'A document of an application (owner or officer)',
        response: answers({
          200: fileAnswer('The document, of the type sniffed at upload', [
            'image/jpeg',
            'image/png',
            'application/pdf',
          ]),
        }),
        params: schema(documentParams),
        querystring: schema(documentQuery),
      },
    },
    async (req, reply) => {
      const { id, kind } = req.params;
      const { download } = req.query;
      const row = await findVisibleApplication(app.db, id, req.user!);
      // A cashier checks payments: the proof of payment, never the household book or the other documents.
      if (
        req.user!.role === 'officer' &&
        row.userId !== req.user!.id &&
        req.user!.officerRole === 'cashier' &&
        kind !== 'proof_of_payment'
      )
        throw forbidden('A cashier sees the proof of payment only.');
      const doc = await latestDocument(app.db, id, kind);
      if (!doc) throw notFound('Document not found');
      let bytes = await app.documents.read(doc);
      // A PDF is served as it comes out of today's checks (file-checks.ts), also one stored before them.
      if (doc.contentType === 'application/pdf') bytes = await rewritePdf(bytes, kind); // one that does not: 415, not served
      // An officer's look at a citizen's document goes into that citizen's access log.
      if (req.user!.role === 'officer' && row.userId !== req.user!.id) {
        await logAccess(app.db, { applicationId: id, officerId: req.user!.id, action: 'view_document', detail: kind });
        // The holder's look at a document keeps their claim on the case alive.
        await extendClaim(app.db, req.user!.id, id, app.clock.now());
      }
      return reply
        .header('Content-Type', doc.contentType)
        .header('Content-Length', bytes.length)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition(download === '1' ? 'attachment' : 'inline', doc.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  );
}
