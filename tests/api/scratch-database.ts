/**
 * A PostgreSQL database of its own for one test file or one benchmark run, created on the server
 * named by `adminUrl` and dropped afterwards, so runs never see each other's rows.
 */
export async function scratchDatabase(
  adminUrl: string,
  prefix: string,
  /** A database to copy (migrated and seeded once for a whole test run) instead of starting empty. */
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
