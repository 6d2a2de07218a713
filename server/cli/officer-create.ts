/**
 * npm run officer:create -- --email E [--role cashier|reviewer|issuer|admin]
 *   [--office national|province:<id>|district:<id>] [--reset-credentials]
 * Creates an officer account, or makes an existing account an officer with this password and role
 * (a new officer is admin when --role is left out; an existing one keeps their role).
 * --reset-credentials (a lost device): the officer's passkeys, authenticator app and earlier
 * enrolment links are removed and their sessions end, written in the officers' audit log. The password is asked at a hidden prompt, or read from the first
 * line of standard input when piped (`printf '%s\n' "$PW" | npm run officer:create -- --email E`);
 * never from the command line, where `ps` and the shell's history would show it.
 * Without --office a new officer sees no application until an admin gives them an office; an
 * existing officer keeps theirs.
 * Prints a one-time link (72 hours) with which the officer enrols a first passkey.
 * With the embedded database, run it while the server is stopped (it takes the same DATA_DIR lock).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { OFFICER_ROLES, type OfficerRole } from '../../contract/officer';
import { HttpError } from '../lib/http-error';
import { parseOfficeFlag } from '../services/offices';
import { createEnrolment, ENROLMENT_HOURS } from '../services/officer-enrolment';
import {
  ensureOfficer,
  OfficerAccountError,
  officerId,
  officerRoleOf,
  removeOfficerCredentials,
} from '../services/officers';
import { readPassword } from './read-password';

const USAGE = `Usage: npm run officer:create -- --email officer@example.la [--role ${OFFICER_ROLES.join('|')}] [--office national|province:<id>|district:<id>] [--reset-credentials]
The password is asked for (or read from the first line of standard input when piped).`;

let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      office: { type: 'string' },
      'reset-credentials': { type: 'boolean' },
    },
    strict: true,
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (args.password !== undefined) {
  console.error(
    `--password is not accepted: a password on the command line shows in \`ps\` and in the shell's history.\n${USAGE}`,
  );
  process.exit(2);
}
if (!args.email) {
  console.error(USAGE);
  process.exit(2);
}
if (args.role !== undefined && !(OFFICER_ROLES as readonly string[]).includes(args.role)) {
  console.error(`--role must be one of ${OFFICER_ROLES.join(', ')} (got ${JSON.stringify(args.role)}).\n${USAGE}`);
  process.exit(2);
}
const office = args.office === undefined ? undefined : parseOfficeFlag(args.office);
if (office === null) {
  console.error(
    `--office must be national, province:<id> or district:<id> (got ${JSON.stringify(args.office)}).\n${USAGE}`,
  );
  process.exit(2);
}

let password: string;
try {
  password = await readPassword(`Password for ${args.email}: `);
} catch {
  process.exit(130);
}

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const outcome = await ensureOfficer(database.db, {
      email: args.email,
      password,
      role: args.role as OfficerRole | undefined,
      office,
    });
    const said = {
      created: 'Created officer',
      promoted: 'Made officer',
      updated: 'Updated the password of officer',
      unchanged: 'Officer already exists:',
    }[outcome];
    const id = await officerId(database.db, args.email);
    const role = id === undefined ? undefined : await officerRoleOf(database.db, id);
    console.log(
      `${said} ${args.email.trim().toLowerCase()}, role ${role ?? args.role ?? 'admin'} (${database.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}).`,
    );
    if (id !== undefined && args['reset-credentials']) {
      const removed = await removeOfficerCredentials(database.db, null, id);
      console.log(
        `Removed ${removed.passkeys} passkey(s)${removed.authenticatorApp ? ' and the authenticator app' : ''}; ended ${removed.sessions} session(s).`,
      );
    }
    if (id !== undefined) {
      const { link } = await createEnrolment(database.db, id, config.appBaseUrl);
      console.log(
        `Give this link to the officer, in person or by a channel you trust. It works once, within ${ENROLMENT_HOURS} hours, after the password, to enrol a passkey (earlier links of this officer stop working):\n${link}`,
      );
    }
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(
      `${err.message}\nThe officer was not created: stop the server, run this command, then start the server again.`,
    );
  } else if (err instanceof OfficerAccountError || err instanceof HttpError) {
    console.error(`The officer was not created. ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
}
