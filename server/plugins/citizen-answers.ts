import fp from 'fastify-plugin';
import { CITIZEN_RECORDS_CHANNEL, CitizenAnswers } from '../services/citizen-answers';

declare module 'fastify' {
  interface FastifyInstance {
    /** History and detail answers kept in memory: with the embedded database only, else null. */
    citizenAnswers: CitizenAnswers | null;
  }
}

/**
 * With PGlite, a trigger names the owner of every application or document written, and the
 * answers kept for that citizen are forgotten before the write's query returns. Created at each
 * start (not in a migration): PostgreSQL, with several instances writing, keeps no such answers
 * and has no use for the notices.
 */
const NOTIFY_OWNER = `
CREATE OR REPLACE FUNCTION notify_citizen_records() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner_column text := TG_ARGV[0];
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('${CITIZEN_RECORDS_CHANNEL}', coalesce(to_jsonb(OLD) ->> owner_column, '')); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('${CITIZEN_RECORDS_CHANNEL}', coalesce(to_jsonb(NEW) ->> owner_column, '')); END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER applications_notify_owner AFTER INSERT OR UPDATE OR DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION notify_citizen_records('user_id');
CREATE OR REPLACE TRIGGER documents_notify_owner AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION notify_citizen_records('owner_id');
`;

export default fp(
  async (app) => {
    const embedded = app.database.embedded;
    if (!embedded) {
      app.decorate('citizenAnswers', null);
      return;
    }
    const answers = new CitizenAnswers();
    await embedded.exec(NOTIFY_OWNER);
    // No unlisten on close: closing the database ends the listening with it.
    await embedded.listen(CITIZEN_RECORDS_CHANNEL, (payload) => {
      const userId = Number(payload);
      if (Number.isInteger(userId) && userId > 0) answers.forget(userId);
      else answers.forgetAll();
    });
    app.decorate('citizenAnswers', answers);
  },
  { name: 'citizen-answers', dependencies: ['db'] },
);
