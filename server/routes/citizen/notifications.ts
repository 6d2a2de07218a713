import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { FieldError } from '../../../contract/rules';
import { schema, type TypedApp } from '../../lib/validation';
import { answers, dataAnswer } from '../../lib/answers';
import { requestLanguage } from '../master-data';
import { listNotifications, markNotificationsRead, unreadNotifications } from '../../services/notifications';

/** The newest messages are what a citizen reads; older ones stay in the database for the record. */
const LIST_LIMIT = 100;

const listQuery = v.object({ lang: v.optional(v.picklist(['en', 'lo'], 'invalid_language')) });
const markReadBody = v.object({
  /** Without ids, every notification of the citizen is marked as read (opening the list). */
  ids: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.number(FieldError.invalidId), v.integer(FieldError.invalidId), v.minValue(1, FieldError.invalidId)),
      ),
      v.maxLength(LIST_LIMIT, FieldError.tooLong),
    ),
  ),
});

/** /v1/notifications/: the citizen's notifications, newest first, in the language of the request. */
export default async function notificationRoutes(app: TypedApp) {
  const tags = ['notifications'];
  const security = [{ bearer: [] }];

  const listSchema = {
    tags,
    security,
    summary: 'My notifications, newest first (the last 100), in the language asked for',
    querystring: schema(listQuery),
    response: answers({
      200: dataAnswer(
        v.array(
          v.object({
            id: v.number(),
            message: v.string(),
            created_at: v.string(),
            read: v.boolean(),
            application_id: v.nullable(v.number()),
          }),
        ),
        'My notifications',
      ),
    }),
  };
  const list = async (req: FastifyRequest) => ({
    data: await listNotifications(app.db, req.user!.id, requestLanguage(req), LIST_LIMIT),
  });
  // The specification calls the path with its trailing slash; both spellings answer.
  app.get('/v1/notifications/', { onRequest: app.authenticate, schema: listSchema }, list);
  app.get('/v1/notifications', { onRequest: app.authenticate, schema: { ...listSchema, hide: true } }, list);

  app.get(
    '/v1/notifications/unread-count',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'How many of my notifications are unread',
        response: answers({ 200: dataAnswer(v.object({ unread: v.number() }), 'The count') }),
      },
    },
    async (req) => {
      return { data: { unread: await unreadNotifications(app.db, req.user!.id) } };
    },
  );

  app.post(
    '/v1/notifications/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mark notifications read: the ids given, or all of mine',
        body: schema(markReadBody),
        response: answers({ 200: dataAnswer(v.object({ marked: v.number() }), 'How many were marked') }),
      },
    },
    async (req) => {
      return { data: { marked: await markNotificationsRead(app.db, req.user!.id, req.body.ids) } };
    },
  );
}
