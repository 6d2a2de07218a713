/**
 * npm run import:locations -- FILE.csv
 * Loads an updated list of provinces, districts and villages (format: server/db/seed/locations.ts).
 * All or nothing: a bad row stops the import with its line number and nothing is written.
 * Run it while the server is stopped when using the embedded database (it takes the same lock).
 */
import fs from 'node:fs';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { importPlaces, LocationImportError, parsePlaces } from './locations';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run import:locations -- FILE.csv\nColumns: level,code,parent_code,name_en,name_lo');
  process.exit(2);
}

try {
  const places = parsePlaces(fs.readFileSync(file, 'utf8'), file);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const counts = await importPlaces(database.db, places);
    console.log(
      `Imported ${counts.provinces} provinces, ${counts.districts} districts and ${counts.villages} villages from ${file}.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof LocationImportError ? `Nothing was imported. ${err.message}` : err);
  process.exit(1);
}
