import { buildApp } from './app';
import { describeSetup, loadConfig, publicStartProblems } from './config';
import { loadEnvFile } from './env-file';
import { DataDirLockedError } from './db/data-dir-lock';
import { PdfKeyError } from './lib/pdf-signing-key';
import { serveDumps } from './services/backup';

/** The process: read configuration, start, and shut down cleanly so the embedded database is never left half-written. */
async function main() {
  // Everything the server writes (database, documents, mails, keys) is for its own user only.
  process.umask(0o077);
  let config;
  let envFile: string | null;
  try {
    envFile = loadEnvFile();
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const problems = publicStartProblems(config);
  if (problems.length) {
    console.error(`Not starting:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof PdfKeyError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // `npm run backup` asks this process for the embedded database's dump over a socket in DATA_DIR.
  const stopDumps = app.database.dumpDataDir
    ? await serveDumps(config.dataDir, app.database.dumpDataDir, app.log)
    : async () => {};
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await stopDumps();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(describeSetup(config, envFile));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
