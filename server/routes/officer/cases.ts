import * as v from 'valibot';
import { caseDraftBody, escalateBody, handOverBody, internalNoteBody } from '../../../contract/officer-day';
import { answers, dataAnswer, fileAnswer, noBody } from '../../lib/answers';
import { idParams, schema, type TypedApp } from '../../lib/validation';
import {
  addNote,
  claimCase,
  escalate,
  handOver,
  idCardImage,
  readDraft,
  readNotes,
  releaseCase,
  saveDraft,
} from '../../services/officers';
import { contentDisposition } from '../citizen/applications/documents';
import { claimShape, draftShape, internalNoteShape, officerRef } from './answers';

const tags = ['officer'];
const security = [{ bearer: [] }];
const BASE = '/v1/officer/applications/:id';

/** One case: claims, hand-over, escalation, internal notes, drafts, the registration ID-card image. */
export default async function caseRoutes(app: TypedApp) {
  const common = { onRequest: app.requireOfficer };

  app.post(
    `${BASE}/claim`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          'Take this case (claim it for 15 minutes after your last look or action); 409 claimed_by_other when another officer holds it',
        params: schema(idParams),
        response: answers({ 200: dataAnswer(claimShape, 'Your claim') }),
      },
    },
    async (req) => ({ data: await claimCase(app, req.user!, req.params.id) }),
  );

  app.delete(
    `${BASE}/claim`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Release the claim: its holder, or an admin for anyone',
        params: schema(idParams),
        response: answers({ 204: noBody('Nobody holds the case now') }),
      },
    },
    async (req, reply) => {
      await releaseCase(app, req.user!, req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${BASE}/claim/hand-over`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Admins: hand the case over to an officer of its office whose role works the queue it is in',
        params: schema(idParams),
        body: schema(handOverBody),
        response: answers({ 200: dataAnswer(claimShape, 'The new holder') }),
      },
    },
    async (req) => ({ data: await handOver(app, req.user!, req.params.id, req.body.officer_id) }),
  );

  app.post(
    `${BASE}/escalate`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          'Escalate to a named senior officer (an admin or approver of the office), with a note; the case is theirs',
        params: schema(idParams),
        body: schema(escalateBody),
        response: answers({
          200: dataAnswer(v.object({ id: v.number(), escalated_to: officerRef }), 'Escalated'),
        }),
      },
    },
    async (req) => ({ data: await escalate(app, req.user!, req.params.id, req.body.officer_id, req.body.note) }),
  );

  app.get(
    `${BASE}/notes`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Internal notes and escalations of the case, oldest first (never shown to the citizen)',
        params: schema(idParams),
        response: answers({ 200: dataAnswer(v.array(internalNoteShape), 'The notes') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await readNotes(app, req.user!, req.params.id) };
    },
  );

  app.post(
    `${BASE}/notes`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Add an internal note for the officers of the office',
        params: schema(idParams),
        body: schema(internalNoteBody),
        response: answers({ 201: dataAnswer(internalNoteShape, 'The note') }),
      },
    },
    async (req, reply) => reply.status(201).send({ data: await addNote(app, req.user!, req.params.id, req.body.body) }),
  );

  app.get(
    `${BASE}/draft`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'What you typed on this case and did not send yet (yours only; kept when a claim lapses)',
        params: schema(idParams),
        response: answers({ 200: dataAnswer(draftShape, 'Your draft, or null') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await readDraft(app, req.user!, req.params.id) };
    },
  );

  app.put(
    `${BASE}/draft`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Keep what you typed (reasons, notes, the items of a request) until you send it',
        params: schema(idParams),
        body: schema(caseDraftBody),
        response: answers({ 200: dataAnswer(draftShape, 'Kept') }),
      },
    },
    async (req) => ({ data: await saveDraft(app, req.user!, req.params.id, req.body) }),
  );

  app.get(
    `${BASE}/id-card`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          "The account holder's ID-card image from registration, to compare with the application (not for cashiers); in the citizen's access log",
        params: schema(idParams),
        response: answers({ 200: fileAnswer('The image', ['image/jpeg', 'image/png']) }),
      },
    },
    async (req, reply) => {
      const { doc, bytes } = await idCardImage(app, req.user!, req.params.id);
      return reply
        .header('Content-Type', doc.contentType)
        .header('Content-Length', bytes.length)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition('inline', doc.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  );
}
