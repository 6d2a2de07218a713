import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

// Only PostgreSQL has connections a server can end; the embedded database runs in the process.
describe.skipIf(!adminUrl)('PostgreSQL connections ended by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('an idle connection killed by the server neither crashes the process nor fails the next request', async () => {
    const provinces = () => t.app.inject({ method: 'GET', url: '/api/v1/master-data/location/provinces' });
    expect((await provinces()).statusCode).toBe(200);
    // What a PostgreSQL restart or an administrator does to every idle connection of the app.
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows } = (await t.app.db.execute('select current_database() as name')) as unknown as {
      rows: { name: string }[];
    };
    const database = rows[0];
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database.name],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await provinces()).statusCode).toBe(200);
  });
});
