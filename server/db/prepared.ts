import type { Db } from './client';

/**
 * A query the API runs on nearly every request, built once per database instead of per call:
 * drizzle then skips assembling the SQL, and PostgreSQL keeps the statement parsed and planned on
 * each pooled connection. Keyed by the database, since the tests run several apps in one process.
 */
export function preparedPerDatabase<Q>(name: string, build: (db: Db, name: string) => Q): (db: Db) => Q {
  const byDatabase = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) byDatabase.set(db, (query = build(db, name)));
    return query;
  };
}
