import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as v from 'valibot';
import { raw32 } from './lib/certificate-keys';

/**
 * Every setting the server reads, validated once at start-up with a clear message
 * (docs/operations.md#configuration).
 */
const intFrom = (def: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(def)),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  );

const intPattern = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min), v.maxValue(max));

/**
 * The customer-service contacts a local trial starts with. They reach nobody: a server for the
 * public refuses them (publicStartProblems), since citizens would call and write to them.
 */
export const PLACEHOLDER_SUPPORT = {
  phone: '+856 21 000 000',
  email: 'support@egov.la',
  whatsapp: '+856 20 0000 0000',
};

const envSchema = v.object({
  PORT: intFrom(3000, 0, 65535),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  ),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  /** `outbox` writes mails to DATA_DIR/outbox even on a public server (a test or training install). */
  MAIL_TRANSPORT: v.optional(v.picklist(['smtp', 'outbox'])),
  /** A mail that cannot be sent is tried again after 30 s, 1 min, 2 min… (doubling, at most 1 hour). */
  MAIL_RETRY_BASE_SECONDS: intFrom(30, 1, 3600),
  /** After this many failed tries a mail is marked failed for the operator (README: Operations). */
  MAIL_MAX_ATTEMPTS: intFrom(12, 1, 1000),
  MAIL_FROM: v.optional(v.string(), 'Lao e-Government <no-reply@egov.la>'),
  APP_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL such as https://egov.example.la'))),
  BANK_CALLBACK_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  /** Key of the keyed hashes the database stores; unset: generated in DATA_DIR. */
  HASH_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  /** Ed25519 private key (32-byte seed, base64url) that signs certificates; unset: generated in DATA_DIR. */
  CERTIFICATE_SIGNING_KEY: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => raw32(s) !== null, 'must be a 32-byte Ed25519 key in base64url (43 characters)'),
    ),
  ),
  /** A file holding that key (a secrets mount outside DATA_DIR, so backups never carry it). */
  CERTIFICATE_SIGNING_KEY_FILE: v.optional(v.string()),
  /** Public keys (base64url, comma-separated) of earlier signing keys: their certificates keep verifying. */
  CERTIFICATE_RETIRED_KEYS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) =>
          s
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean)
            .every((k) => raw32(k) !== null),
        'must be comma-separated 32-byte Ed25519 public keys in base64url',
      ),
    ),
  ),
  /** PEM file of the ECDSA P-256 (ES256) key that signs wallet credentials; unset: generated in DATA_DIR. */
  WALLET_ISSUER_KEY_FILE: v.optional(v.string()),
  /** Web Push (VAPID): the public key (base64url, 65-byte P-256 point); with its private key's file. Unset: a pair generated in DATA_DIR. */
  WEB_PUSH_VAPID_PUBLIC_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key')),
  ),
  /** File holding the VAPID private key (base64url, 32 bytes), outside DATA_DIR. */
  WEB_PUSH_VAPID_PRIVATE_KEY_FILE: v.optional(v.string()),
  /** Who the push services may contact about our messages: mailto: or https:. */
  WEB_PUSH_SUBJECT: v.optional(
    v.pipe(v.string(), v.regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: address or an https:// URL')),
  ),
  /** The ministry's PDF signing key: PEM (with CERTIFICATE_PDF_CERT_FILE) or PKCS#12, outside DATA_DIR; unset: a trial CA in DATA_DIR. */
  CERTIFICATE_PDF_KEY_FILE: v.optional(v.string()),
  /** Its certificate chain in PEM, signing certificate first (with a PKCS#12 key: further CA certificates). */
  CERTIFICATE_PDF_CERT_FILE: v.optional(v.string()),
  CERTIFICATE_PDF_KEY_PASSPHRASE: v.optional(v.string()),
  /** An RFC 3161 timestamp authority: certificate PDFs are then signed at PAdES B-T. */
  CERTIFICATE_PDF_TSA_URL: v.optional(
    v.pipe(v.string(), v.regex(/^https?:\/\/./, 'must be an http:// or https:// URL')),
  ),
  FEE_PAYMENT_LAK: intFrom(20_000, 0, 100_000_000),
  FEE_PROCESSING_LAK: intFrom(9_000, 0, 100_000_000),
  PAYMENT_RECIPIENT: v.optional(v.string(), 'Ministry of Home Affairs — Resident Certificates'),
  PAYMENT_RECIPIENT_LO: v.optional(v.string(), 'ກະຊວງພາຍໃນ — ໃບຢັ້ງຢືນທີ່ຢູ່'),
  /** How often the expiry and reminder job runs (seconds); 0 turns it off (tests run it by hand). */
  JOBS_INTERVAL_SECONDS: intFrom(60, 0, 24 * 3600),
  /** Days a citizen has to answer an officer's request (a reminder goes out 3 days before); unanswered, rejected. */
  INFORMATION_REQUEST_DAYS: intFrom(14, 4, 90),
  PAYMENT_WINDOW_HOURS: intFrom(24, 1, 24 * 30),
  PICKUP_SLOT_CAPACITY: intFrom(5, 1, 1000),
  PICKUP_CLOSED_SLOTS: v.optional(v.string(), '09:30 AM,11:00 AM,03:30 PM'),
  SUPPORT_PHONE: v.optional(v.string(), PLACEHOLDER_SUPPORT.phone),
  SUPPORT_EMAIL: v.optional(v.string(), PLACEHOLDER_SUPPORT.email),
  SUPPORT_WHATSAPP: v.optional(v.string(), PLACEHOLDER_SUPPORT.whatsapp),
  /**
   * Whose X-Forwarded-For to believe: `false`; the proxies' addresses or CIDR ranges (comma-separated,
   * also `loopback`, `linklocal`, `uniquelocal`); or a hop count. `true` means `loopback` (a proxy on
   * this machine), never "anyone": a client reaching the server directly must not choose its address.
   */
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) => parseTrustProxy(s) !== undefined,
        'must be false, true (a proxy on this machine), a hop count (1-10) or comma-separated proxy addresses / CIDR ranges',
      ),
    ),
    'false',
  ),
  /** /metrics: a bearer token, and/or the client addresses allowed without one (comma-separated IPs or CIDRs). */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  METRICS_ALLOW: v.optional(v.string(), '127.0.0.1,::1'),
  /** Login failures, code sends and reset requests (with client addresses) are kept this many days. */
  RETENTION_AUTH_EVENTS_DAYS: intFrom(90, 1, 3650),
  /** Registrations whose e-mail was never verified are removed, with their ID-card image, after this many hours. */
  RETENTION_UNVERIFIED_HOURS: intFrom(24, 1, 24 * 365),
  /** New uploads are refused (507) when DATA_DIR's disk has less than this many megabytes free. */
  STORAGE_MIN_FREE_MB: v.optional(intPattern(0, 10_000_000)),
  /** Optional: new uploads are refused (507) once the database is this many megabytes. */
  STORAGE_DATABASE_MAX_MB: v.optional(intPattern(1, 100_000_000)),
  // Rate limits (README: Rate limits). Unset under NODE_ENV=test, the address ceiling is lifted so
  // the test suites, which all come from 127.0.0.1, never trip it by accident.
  RATE_LIMIT_ADDRESS_PER_MINUTE: v.optional(intPattern(1, 10_000_000)),
  RATE_LIMIT_UPLOADS_PER_HOUR: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_CERTIFICATES_PER_HOUR: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_OFFICER_SIGN_IN_PER_HOUR: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_PUSH_PER_HOUR: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_UPLOAD_STARTS_PER_HOUR: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_UPLOAD_MB_PER_HOUR: v.optional(intPattern(1, 100_000)),
  RATE_LIMIT_UPLOAD_PIECES_PER_HOUR: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_REGISTRATIONS_PER_DOMAIN: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_LOOKUPS_PER_ADDRESS: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_LOOKUPS_PER_IDENTIFIER: v.optional(intPattern(1, 1_000_000)),
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: intFrom(300, 1, 1_000_000),
  RATE_LIMIT_OTP_RESENDS_PER_ADDRESS: intFrom(300, 1, 1_000_000),
  RATE_LIMIT_RESETS_PER_ADDRESS: intFrom(300, 1, 1_000_000),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** json: one JSON object per line; pretty: readable lines; auto: pretty when stdout is a terminal. */
  LOG_FORMAT: v.optional(v.picklist(['auto', 'json', 'pretty']), 'auto'),
  NODE_ENV: v.optional(v.string(), 'production'),
  /** First install: an officer account created at start if it does not exist (both must be set). */
  BOOTSTRAP_OFFICER_EMAIL: v.optional(v.string()),
  BOOTSTRAP_OFFICER_PASSWORD: v.optional(v.string()),
  /**
   * Optional: the bootstrap officer's authenticator-app secret (base32, 128 bits or more), set when
   * the officer has none yet. For an installation prepared in advance, and for the e2e tests.
   */
  BOOTSTRAP_OFFICER_TOTP_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Z2-7]{26,}=*$/, 'must be base32 (A-Z, 2-7) of at least 26 characters')),
  ),
  /**
   * Optional, likewise: a second admin created at first install, so that approvals (four eyes: never
   * by the officer who reviewed) and revocations (confirmed by a second officer) work from day one.
   */
  BOOTSTRAP_SECOND_OFFICER_EMAIL: v.optional(v.string()),
  BOOTSTRAP_SECOND_OFFICER_PASSWORD: v.optional(v.string()),
  BOOTSTRAP_SECOND_OFFICER_TOTP_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Z2-7]{26,}=*$/, 'must be base32 (A-Z, 2-7) of at least 26 characters')),
  ),
});

export type Config = ReturnType<typeof loadConfig>;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrRange = (item: string) => {
  if (NAMED_RANGES.has(item)) return true;
  const [address, bits, extra] = item.split('/');
  const family = net.isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

function signingKeyFromFile(file: string): Buffer {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(
      `Invalid configuration:\n  CERTIFICATE_SIGNING_KEY_FILE: cannot read ${file} (${(err as Error).message})`,
      { cause: err },
    );
  }
  const key = raw32(text);
  if (!key)
    throw new Error(
      `Invalid configuration:\n  CERTIFICATE_SIGNING_KEY_FILE: ${file} must hold a 32-byte Ed25519 key in base64url (43 characters)`,
    );
  return key;
}

/** TRUST_PROXY as Fastify's `trustProxy` takes it (false, a hop count or a list), or undefined if malformed. */
export function parseTrustProxy(text: string): false | number | string[] | undefined {
  const value = text.trim();
  if (value === 'false' || value === '') return false;
  if (value === 'true') return ['loopback'];
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10 ? Number(value) : undefined;
  const items = value
    .split(',')
    .map((i) => i.trim())
    .filter(Boolean);
  return items.length && items.every(isAddressOrRange) ? items : undefined;
}

/** Settings whose value is never printed, not even when it is wrong. */
const SECRET_SETTINGS = new Set([
  'BANK_CALLBACK_SECRET',
  'CERTIFICATE_SIGNING_KEY',
  'CERTIFICATE_PDF_KEY_PASSPHRASE',
  'HASH_SECRET',
  'METRICS_TOKEN',
  'BOOTSTRAP_OFFICER_PASSWORD',
  'BOOTSTRAP_OFFICER_TOTP_SECRET',
  'BOOTSTRAP_SECOND_OFFICER_PASSWORD',
  'BOOTSTRAP_SECOND_OFFICER_TOTP_SECRET',
]);

/** A URL as it may be printed: any password in it (user part or `?password=` and the like) replaced by ***. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    for (const name of [...u.searchParams.keys()])
      if (/pass|pwd|secret|token|key/i.test(name)) u.searchParams.set(name, '***');
    return u.toString().replaceAll('%2A%2A%2A', '***');
  } catch {
    return '(not a URL)';
  }
}

function shown(key: string, input: unknown): string {
  if (SECRET_SETTINGS.has(key)) return 'value hidden';
  // A refused connection URL may hold a password wherever its typo put it: only its scheme is shown.
  if (key.endsWith('_URL'))
    return typeof input === 'string'
      ? `value hidden; it begins ${JSON.stringify(/^[a-z][a-z0-9+.-]{0,15}:\/*/i.exec(input)?.[0] ?? '')}`
      : 'value hidden';
  if (typeof input === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(input))
    return `got ${JSON.stringify(maskUrl(input))}`;
  return `got ${JSON.stringify(input)}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const clean = Object.fromEntries(Object.entries(env).filter(([, val]) => val !== undefined && val !== ''));
  const result = v.safeParse(envSchema, clean);
  if (!result.success) {
    const lines = result.issues.map((i) => {
      const key = v.getDotPath(i) ?? '?';
      return `  ${key}: ${i.message} (${shown(key, i.input)})`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.output;
  const test = e.NODE_ENV === 'test';
  if (e.CERTIFICATE_SIGNING_KEY && e.CERTIFICATE_SIGNING_KEY_FILE)
    throw new Error('Invalid configuration:\n  set CERTIFICATE_SIGNING_KEY or CERTIFICATE_SIGNING_KEY_FILE, not both');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailTransport: e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'outbox'),
    /** MAIL_TRANSPORT=outbox said on purpose: a public server may then keep mails in the folder. */
    outboxChosen: e.MAIL_TRANSPORT === 'outbox',
    mailFrom: e.MAIL_FROM,
    mailRetry: { baseSeconds: e.MAIL_RETRY_BASE_SECONDS, maxAttempts: e.MAIL_MAX_ATTEMPTS },
    metrics: {
      token: e.METRICS_TOKEN,
      allow: e.METRICS_ALLOW.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    retention: { authEventsDays: e.RETENTION_AUTH_EVENTS_DAYS, unverifiedHours: e.RETENTION_UNVERIFIED_HOURS },
    appBaseUrl: (e.APP_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    bankCallbackSecret: e.BANK_CALLBACK_SECRET,
    hashSecret: e.HASH_SECRET,
    certificateSigningKey: e.CERTIFICATE_SIGNING_KEY
      ? raw32(e.CERTIFICATE_SIGNING_KEY)!
      : e.CERTIFICATE_SIGNING_KEY_FILE
        ? signingKeyFromFile(e.CERTIFICATE_SIGNING_KEY_FILE)
        : undefined,
    certificateRetiredKeys: (e.CERTIFICATE_RETIRED_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean)
      .map((k) => raw32(k)!),
    walletIssuerKeyFile: e.WALLET_ISSUER_KEY_FILE,
    webPush: {
      publicKey: e.WEB_PUSH_VAPID_PUBLIC_KEY,
      privateKeyFile: e.WEB_PUSH_VAPID_PRIVATE_KEY_FILE,
      subject: e.WEB_PUSH_SUBJECT,
    },
    certificatePdf: {
      keyFile: e.CERTIFICATE_PDF_KEY_FILE,
      certFile: e.CERTIFICATE_PDF_CERT_FILE,
      passphrase: e.CERTIFICATE_PDF_KEY_PASSPHRASE,
      tsaUrl: e.CERTIFICATE_PDF_TSA_URL,
    },
    jobsIntervalSeconds: e.JOBS_INTERVAL_SECONDS,
    informationRequestDays: e.INFORMATION_REQUEST_DAYS,
    fee: {
      payment: e.FEE_PAYMENT_LAK,
      processing: e.FEE_PROCESSING_LAK,
      recipient: e.PAYMENT_RECIPIENT,
      recipientLo: e.PAYMENT_RECIPIENT_LO,
      windowHours: e.PAYMENT_WINDOW_HOURS,
    },
    pickup: {
      capacity: e.PICKUP_SLOT_CAPACITY,
      closedSlots: e.PICKUP_CLOSED_SLOTS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    support: { phone: e.SUPPORT_PHONE, email: e.SUPPORT_EMAIL, whatsapp: e.SUPPORT_WHATSAPP },
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    explicitBaseUrl: e.APP_BASE_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    isTest: e.NODE_ENV === 'test',
    storage: {
      /** Megabytes left free on DATA_DIR's disk below which new uploads are refused (507). */
      minFreeMb: e.STORAGE_MIN_FREE_MB ?? (e.NODE_ENV === 'test' ? 0 : 1024),
      /** The database's size in megabytes past which new uploads are refused (507); null: no such budget. */
      databaseMaxMb: e.STORAGE_DATABASE_MAX_MB ?? null,
    },
    rateLimits: {
      /** API calls without a valid session, per client address (IPv6: per /64), per minute. */
      addressPerMinute: e.RATE_LIMIT_ADDRESS_PER_MINUTE ?? (e.NODE_ENV === 'test' ? 1_000_000 : 2000),
      /** Applications created and documents uploaded, per account, per hour. */
      uploadsPerHour: e.RATE_LIMIT_UPLOADS_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1_000_000 : 60),
      /** Resumable uploads begun (POST /api/v1/uploads), per account, per hour. */
      uploadStartsPerHour: e.RATE_LIMIT_UPLOAD_STARTS_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1_000_000 : 100),
      /** Megabytes of resumable uploads begun (their declared length), per account, per hour. */
      uploadMegabytesPerHour: e.RATE_LIMIT_UPLOAD_MB_PER_HOUR ?? (e.NODE_ENV === 'test' ? 100_000 : 200),
      /** Resumable-upload pieces sent and offsets asked (PATCH and HEAD), per account, per hour. */
      uploadPiecesPerHour: e.RATE_LIMIT_UPLOAD_PIECES_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1_000_000 : 600),
      /** Calls to an officer's second sign-in step (codes, passkeys, enrolment), per officer, per hour. */
      officerSignInPerHour: e.RATE_LIMIT_OFFICER_SIGN_IN_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1_000_000 : 60),
      /** Web Push subscriptions made or removed, per account, per hour (each writes a row). */
      pushPerHour: e.RATE_LIMIT_PUSH_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1_000_000 : 30),
      /** Certificate PDFs rendered, per account, per hour. */
      certificatesPerHour: e.RATE_LIMIT_CERTIFICATES_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1_000_000 : 60),
      /** Registrations (each writes an ID-card image and mails a code) per client address per hour: 200 neighbours fit. */
      registrationsPerAddress: e.RATE_LIMIT_REGISTRATIONS_PER_ADDRESS ?? (test ? 1_000_000 : 300),
      /** Registrations per e-mail domain per hour (large public providers excepted), so nobody mails a domain's people. */
      registrationsPerDomain: e.RATE_LIMIT_REGISTRATIONS_PER_DOMAIN ?? (test ? 1_000_000 : 300),
      /** Calls that tell whether an account exists (register-check, register, login) per address per hour. */
      lookupsPerAddress: e.RATE_LIMIT_LOOKUPS_PER_ADDRESS ?? (test ? 1_000_000 : 1500),
      /** The same calls about one e-mail, phone or ID number per hour (a person never reaches it). */
      lookupsPerIdentifier: e.RATE_LIMIT_LOOKUPS_PER_IDENTIFIER ?? (test ? 1_000_000 : 30),
      /** Failed logins per client address in 15 minutes (10 per account stays fixed). */
      loginFailuresPerAddress: e.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS,
      /** Code resends asked for from one client address per hour (one per 30 s and 5 per hour per account stay fixed). */
      otpResendsPerAddress: e.RATE_LIMIT_OTP_RESENDS_PER_ADDRESS,
      /** Reset-link requests from one client address per hour (one mail per 30 s and 5 per hour per account stay fixed). */
      resetsPerAddress: e.RATE_LIMIT_RESETS_PER_ADDRESS,
    },
    bootstrapOfficer:
      e.BOOTSTRAP_OFFICER_EMAIL && e.BOOTSTRAP_OFFICER_PASSWORD
        ? {
            email: e.BOOTSTRAP_OFFICER_EMAIL,
            password: e.BOOTSTRAP_OFFICER_PASSWORD,
            totpSecret: e.BOOTSTRAP_OFFICER_TOTP_SECRET,
          }
        : null,
    bootstrapSecondOfficer:
      e.BOOTSTRAP_SECOND_OFFICER_EMAIL && e.BOOTSTRAP_SECOND_OFFICER_PASSWORD
        ? {
            email: e.BOOTSTRAP_SECOND_OFFICER_EMAIL,
            password: e.BOOTSTRAP_SECOND_OFFICER_PASSWORD,
            totpSecret: e.BOOTSTRAP_SECOND_OFFICER_TOTP_SECRET,
          }
        : null,
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * A server meant for others (listening beyond this machine, or announced under a public address)
 * must not run on the conveniences of a local trial: links in mails and certificate QR codes must
 * be https, mail must reach a mail server, not a folder nobody reads (unless the operator says
 * MAIL_TRANSPORT=outbox on purpose), and the support contacts shown to citizens must be real ones. Returns what is wrong, in words that name no secret.
 */
export function publicStartProblems(config: Config): string[] {
  const baseHost = new URL(config.appBaseUrl).hostname;
  const isPublic = !LOOPBACK.test(config.host) || !LOOPBACK.test(baseHost);
  const problems: string[] = [];
  if (config.mailTransport === 'smtp' && !config.smtpUrl)
    problems.push('MAIL_TRANSPORT=smtp needs SMTP_URL (smtp:// or smtps://).');
  if (!isPublic) return problems;
  const why = !LOOPBACK.test(config.host)
    ? `it listens on ${config.host}, beyond this machine`
    : `APP_BASE_URL names ${baseHost}`;
  if (!config.appBaseUrl.startsWith('https://'))
    problems.push(
      `This server is meant for others (${why}), so APP_BASE_URL must be its public https:// address (reset links and certificate QR codes use it).`,
    );
  const placeholders = (['phone', 'email', 'whatsapp'] as const)
    .filter((key) => config.support[key].trim() === PLACEHOLDER_SUPPORT[key])
    .map((key) => `SUPPORT_${key.toUpperCase()}`);
  if (placeholders.length)
    problems.push(
      `This server is meant for others (${why}), so set ${placeholders.join(', ')} to the office's real customer-service contacts: the app shows them to every citizen, and the placeholders reach nobody.`,
    );
  if (!config.certificatePdf.keyFile)
    problems.push(
      `This server is meant for others (${why}), so set CERTIFICATE_PDF_KEY_FILE (and CERTIFICATE_PDF_CERT_FILE) to the ministry's PDF signing key and certificate: certificate PDFs signed by a trial CA are trusted by no reader (docs/operations.md#signed-pdfs).`,
    );
  if (!config.smtpUrl && !config.outboxChosen)
    problems.push(
      `This server is meant for others (${why}), so set SMTP_URL to your mail server — or MAIL_TRANSPORT=outbox to keep mails in ${config.dataDir}/outbox on purpose.`,
    );
  return problems;
}

/** The one line that says at start what runs, with no password in it. */
export function describeSetup(config: Config, envFile: string | null): string {
  const database = config.databaseUrl
    ? `PostgreSQL at ${maskUrl(config.databaseUrl)}`
    : `embedded database (PGlite) in ${config.dataDir}/db`;
  const mail =
    config.mailTransport === 'smtp' && config.smtpUrl
      ? `mail over SMTP to ${new URL(config.smtpUrl).host}`
      : `mail written to ${config.dataDir}/outbox (no mail server)`;
  const settings = envFile ? `settings from ${envFile} and the environment` : 'settings from the environment only';
  return `Serving ${config.appBaseUrl} — ${database}; ${mail}; ${settings}.`;
}
