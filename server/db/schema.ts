import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ── Master data ──────────────────────────────────────────────────────────────
export const provinces = pgTable('provinces', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameLo: text('name_lo').notNull(),
  iso: text('iso_3166_2'),
  active: boolean('active').notNull().default(true),
});

export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id),
    nameEn: text('name_en').notNull(),
    nameLo: text('name_lo').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('districts_province_idx').on(t.provinceId)],
);

export const villages = pgTable(
  'villages',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    nameEn: text('name_en').notNull(),
    nameLo: text('name_lo').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('villages_district_idx').on(t.districtId)],
);

export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameLo: text('name_lo').notNull(),
  /** Three digits that open every virtual-account number of this bank. */
  vaPrefix: text('va_prefix').notNull(),
  sort: integer('sort').notNull().default(0),
});

// ── Accounts ─────────────────────────────────────────────────────────────────
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  phoneNumber: text('phone_number').unique(),
  idCard: text('id_card').unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['citizen', 'officer'] })
    .notNull()
    .default('citizen'),
  /**
   * An officer's duty (contract/officer.ts OFFICER_ROLES); null for citizens. An officer created
   * before roles existed has null too and keeps every duty (admin), so an upgrade locks nobody out.
   */
  officerRole: text('officer_role', { enum: ['cashier', 'reviewer', 'approver', 'issuer', 'admin'] }),
  /**
   * The area an officer serves (contract/officer.ts Office): 'national', a province or a district;
   * null sees no application. Officers from before offices were made national by the migration.
   */
  officeLevel: text('office_level', { enum: ['national', 'province', 'district'] }),
  /** The province of a province office, and the province of a district office's district. */
  officeProvinceId: integer('office_province_id').references(() => provinces.id),
  officeDistrictId: integer('office_district_id').references(() => districts.id),
  /** The citizen's switch for optional e-mails (pick-up reminder, certificate ready…); on by default. */
  emailUpdates: boolean('email_updates').notNull().default(true),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  dateOfBirth: text('date_of_birth'),
  address: text('address'),
  houseNumber: text('house_number'),
  provinceId: integer('province_id').references(() => provinces.id),
  districtId: integer('district_id').references(() => districts.id),
  villageId: integer('village_id').references(() => villages.id),
  language: text('language', { enum: ['en', 'lo'] })
    .notNull()
    .default('lo'),
  verifiedAt: ts('verified_at'),
  /** Wrong OTP codes over the account's life: past the limit an officer or a reset must unlock it. */
  otpFailures: integer('otp_failures').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /**
     * When an officer's session passed the second factor (a passkey or an authenticator-app code).
     * An officer's session without it may only finish signing in (docs/security.md#officer-sign-in).
     */
    secondFactorAt: ts('second_factor_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Passkeys (WebAuthn public-key credentials), the public half only: every officer's, and those a
 * citizen adds to sign in without the password. The table kept the name it had when only officers
 * had passkeys.
 */
export const officerCredentials = pgTable(
  'officer_credentials',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The credential ID, base64url, as the authenticator names it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter: a value that does not grow betrays a cloned key. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('officer_credentials_user_idx').on(t.userId)],
);

/**
 * An officer's authenticator-app secret (TOTP, the fallback of the passkey), sealed with a key
 * derived from the hash key (AES-256-GCM): a copy of the database alone does not give codes.
 */
export const officerTotp = pgTable('officer_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** The confirmed secret; null until a first code proved the app holds it. */
  secretSealed: text('secret_sealed'),
  /** A secret being set up (shown once, not yet confirmed by a code). */
  pendingSealed: text('pending_sealed'),
  /** The last accepted 30-second step: a code of that step or before is refused (no replay). */
  lastStep: bigint('last_step', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One-time links that let an officer enrol a first passkey (`npm run officer:create` prints one). */
export const officerEnrolments = pgTable(
  'officer_enrolments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the link's token; the token itself is only in the printed link. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('officer_enrolments_user_idx').on(t.userId)],
);

/** WebAuthn challenges, kept by the server for a few minutes and accepted once. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    // Gone with its session (retention deletes ended sessions). A citizen's sign-in with a passkey
    // has no session yet: its challenge has none and is removed by retention once expired.
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'authenticate', 'sign-in'] }).notNull(),
    challenge: text('challenge').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('webauthn_challenges_session_idx').on(t.sessionId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    voidedAt: ts('voided_at'),
  },
  (t) => [index('otp_codes_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Counted events for throttling (login failures, OTP sends; otp_resend = a resend asked for by a client), per account and per IP. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', {
      enum: ['login_failure', 'otp_send', 'otp_resend', 'otp_failure', 'forgot_password', 'second_factor_failure'],
    }).notNull(),
    userId: integer('user_id').references(() => users.id),
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('auth_events_user_idx').on(t.kind, t.userId, t.createdAt),
    index('auth_events_ip_idx').on(t.kind, t.ip, t.createdAt),
  ],
);

// ── Documents (files under DATA_DIR with PGlite, bytea with PostgreSQL:
// docs/decisions.md#where-documents-are-stored) ──
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    applicationId: integer('application_id'),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Set when the bytes live in the database (PostgreSQL); null when they are a file under DATA_DIR. */
    data: bytea('data'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('documents_application_idx').on(t.applicationId, t.kind), index('documents_sha_idx').on(t.sha256)],
);

/**
 * Resumable uploads in progress (tus protocol, server/routes/uploads.ts): a document sent in pieces
 * over a weak link, later referenced by an application or a proof of payment and then removed.
 * The received bytes follow the documents' rule: a file DATA_DIR/uploads/<id> with PGlite, rows of
 * `upload_parts` with PostgreSQL, so a resume that lands on another instance finds them.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** 32 random hex characters: the upload's address is its only name, so it must not be guessable. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name'),
    /** What the client said the file is; never trusted (the bytes are sniffed when it is used). */
    declaredType: text('declared_type'),
    length: integer('length').notNull(),
    offset: integer('offset').notNull().default(0),
    finished: boolean('finished').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** 24 hours after the last bytes arrived; the scheduled job removes it then. */
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('uploads_user_idx').on(t.userId), index('uploads_expires_idx').on(t.expiresAt)],
);

/** The bytes of an upload on PostgreSQL, one row per piece received (about 256 KB), by position. */
export const uploadParts = pgTable(
  'upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    offset: integer('offset').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.offset] })],
);

// ── Applications ─────────────────────────────────────────────────────────────
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ticketNumber: text('ticket_number').notNull().unique(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    vaNumber: text('va_number').notNull().unique(),
    amount: integer('amount').notNull(),
    feeLines: jsonb('fee_lines').notNull(),
    recipient: text('recipient').notNull(),
    deadline: ts('deadline').notNull(),
    applicantData: jsonb('applicant_data').notNull(),
    notes: text('notes'),
    pickupDate: text('pickup_date'),
    pickupTime: text('pickup_time'),
    certificateCode: text('certificate_code').unique(),
    /** When the certificate was issued: the date signed into the QR statement, so every re-render signs the same statement. */
    certificateIssuedAt: ts('certificate_issued_at'),
    certificateRevokedAt: ts('certificate_revoked_at'),
    certificateRevokedReason: text('certificate_revoked_reason'),
    certificateRevokedBy: integer('certificate_revoked_by').references(() => users.id),
    /** Set when the pick-up reminder mail went out, so several instances send it once. */
    pickupReminderSentAt: ts('pickup_reminder_sent_at'),
    reappliedFromId: integer('reapplied_from_id').unique(),
    paidAt: ts('paid_at'),
    // ── The 3-working-day clock (contract/working-days.ts, docs/decisions.md#the-working-day-clock) ──
    /** When the clock's current run started: payment confirmed, or the citizen answered a request. */
    clockStartedAt: ts('clock_started_at'),
    /** Working days used by earlier runs (before the application waited on the citizen). */
    clockUsedDays: integer('clock_used_days').notNull().default(0),
    /** Set while the application waits on the citizen: the clock stands still. */
    clockPausedAt: ts('clock_paused_at'),
    /**
     * The Vientiane day (YYYY-MM-DD) by whose end a decision is due; null while the clock does not
     * run. Stored so queues sort and filter by it in SQL; worked out again when the calendar changes.
     */
    dueOn: text('due_on'),
    // ── Claims (one officer works a case at a time) ──
    claimedBy: integer('claimed_by').references(() => users.id),
    claimedAt: ts('claimed_at'),
    /** Last activity of the holder + 15 minutes: past it, the claim has lapsed and anyone may take it. */
    claimExpiresAt: ts('claim_expires_at'),
    // ── Four eyes ──
    /** The officer who reviewed it (recommended approval): they may not approve it. */
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    /** A senior officer the case was escalated to, with the escalation's note in internal_notes. */
    escalatedTo: integer('escalated_to').references(() => users.id),
    /** A revocation asked for by one officer, waiting for a second officer's confirmation. */
    revocationRequestedBy: integer('revocation_requested_by').references(() => users.id),
    revocationRequestedAt: ts('revocation_requested_at'),
    revocationRequestedReason: text('revocation_requested_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('applications_user_idx').on(t.userId, t.createdAt),
    index('applications_status_idx').on(t.status, t.createdAt),
    // The expiry job looks for pending applications past their deadline.
    index('applications_deadline_idx').on(t.status, t.deadline),
    // Queues: open work of one status, least time left first.
    index('applications_queue_idx').on(t.status, t.dueOn, t.id),
    index('applications_claimed_idx').on(t.claimedBy),
  ],
);

export const statusHistory = pgTable(
  'status_history',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    fromPaymentStatus: text('from_payment_status'),
    toPaymentStatus: text('to_payment_status'),
    actorId: integer('actor_id').references(() => users.id),
    actor: text('actor', { enum: ['citizen', 'officer', 'bank', 'system'] }).notNull(),
    notes: text('notes'),
    /** A fixed note of ours (e.g. 'payment_deadline_passed'): shown in the reader's language instead of `notes`. */
    notesCode: text('notes_code'),
    /** Codes of the catalogued reasons (decision_reasons) a rejection or a request named. */
    reasonCodes: jsonb('reason_codes').$type<string[]>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('status_history_application_idx').on(t.applicationId)],
);

/**
 * Who saw my data: every officer's view of an application or one of its documents, and every
 * action, one row each. Append-only: the code only ever inserts, and the citizen who owns the
 * application reads it on their detail page.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    officerId: integer('officer_id')
      .notNull()
      .references(() => users.id),
    /** 'view', 'view_document', or an officer action ('approve', 'revoke', …). */
    action: text('action').notNull(),
    /** The document kind for 'view_document'; null otherwise. */
    detail: text('detail'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('access_log_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * Transfers the bank confirmed through POST /v1/payments/va-callback, one row per bank transaction:
 * the unique transaction_id makes the bank's retries harmless, and `response` is the first answer,
 * sent again to every retry.
 */
export const bankPayments = pgTable(
  'bank_payments',
  {
    id: serial('id').primaryKey(),
    transactionId: text('transaction_id').notNull().unique(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    amount: integer('amount').notNull(),
    paidAt: ts('paid_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    response: jsonb('response').notNull(),
  },
  (t) => [index('bank_payments_application_idx').on(t.applicationId)],
);

/**
 * Booked pick-ups per slot of one district office: one row per (district, date, time), incremented
 * under the office's capacity (pickup_capacities).
 */
export const pickupSlots = pgTable(
  'pickup_slots',
  {
    districtId: integer('district_id').notNull(),
    date: text('date').notNull(),
    time: text('time').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.districtId, t.date, t.time] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    applicationId: integer('application_id'),
    kind: text('kind').notNull(),
    messageEn: text('message_en').notNull(),
    messageLo: text('message_lo').notNull(),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] })
      .notNull()
      .default('running'),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

/** Small facts about this database (e.g. which master-data seed it holds). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
});

/**
 * Rate-limit counters shared by every server instance on one PostgreSQL (server/plugins/rate-limits.ts):
 * one fixed window per key. Not used with the embedded database, whose single process counts in memory.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: ts('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_window_idx').on(t.windowEndsAt)],
);

/**
 * Mails waiting to leave (server/services/mail-queue.ts): written in the transaction of the change
 * that causes them, sent by a worker with retries, so no mail is lost to a mail server that is
 * down. Once sent, the body (which may hold a code or a reset link) is emptied; a mail that keeps
 * failing stays as `failed` for the operator.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What it is (otp, password_reset, a status mail's kind): for the operator, never the content. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** While `sending`: the claim of one worker; past it, another worker may take the mail again. */
    lockedUntil: ts('locked_until'),
    /** A code or a link that stops working: no use sending it after this. */
    expiresAt: ts('expires_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_queue_due_idx').on(t.status, t.nextAttemptAt)],
);

// ── The officer's day ────────────────────────────────────────────────────────

/**
 * Days no office works (contract/working-days.ts): the national public holidays as the government
 * decrees them each year, and closure days of one office (a province or a district). Admins add,
 * move and remove them; each change is in officer_audit_log.
 */
export const nonWorkingDays = pgTable(
  'non_working_days',
  {
    id: serial('id').primaryKey(),
    /** The Vientiane day, YYYY-MM-DD. */
    date: text('date').notNull(),
    kind: text('kind', { enum: ['holiday', 'closure'] }).notNull(),
    /** 'national', 'province:<id>' or 'district:<id>': who does not work that day. */
    scope: text('scope').notNull().default('national'),
    nameEn: text('name_en').notNull(),
    nameLo: text('name_lo').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('non_working_days_date_scope_idx').on(t.date, t.scope)],
);

/**
 * The catalogue of reasons for a rejection or a request to the citizen, in both languages: the text
 * the citizen reads and what to do about it. Admin-managed; a reason in use is retired, never deleted.
 */
export const decisionReasons = pgTable('decision_reasons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** Where it may be used: a rejection, a request to the citizen, or both. */
  usage: text('usage', { enum: ['reject', 'request', 'both'] })
    .notNull()
    .default('both'),
  textEn: text('text_en').notNull(),
  textLo: text('text_lo').notNull(),
  actionEn: text('action_en').notNull(),
  actionLo: text('action_lo').notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * "Ask the citizen": what an officer asked to change (documents to send again, fields to correct)
 * and the citizen's answer. One open request per application at a time.
 */
export const informationRequests = pgTable(
  'information_requests',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    officerId: integer('officer_id')
      .notNull()
      .references(() => users.id),
    reasonCodes: jsonb('reason_codes').$type<string[]>().notNull(),
    /** The officer's words to the citizen (optional beside the catalogued reasons). */
    message: text('message'),
    /** Application document kinds to send again. */
    documents: jsonb('documents').$type<string[]>().notNull(),
    /** Applicant-data fields to correct. */
    fields: jsonb('fields').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Past it unanswered, the application is rejected (a reminder mail goes out before). */
    answerBy: ts('answer_by').notNull(),
    reminderSentAt: ts('reminder_sent_at'),
    answeredAt: ts('answered_at'),
    /** What the citizen changed: field → new value, document kind → new document id. */
    answer: jsonb('answer'),
    /** Set when the request ends: answered, or the case rejected (by an officer, or unanswered in time). */
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('information_requests_application_idx').on(t.applicationId, t.createdAt),
    // The scheduled job: open requests by their answer-by date (migration 0010, partial).
    index('information_requests_open_idx')
      .on(t.answerBy)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** Notes between officers on a case, and escalations: the citizen never sees them. */
export const internalNotes = pgTable(
  'internal_notes',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    officerId: integer('officer_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['note', 'escalation'] })
      .notNull()
      .default('note'),
    /** For an escalation: the senior officer named. */
    toOfficerId: integer('to_officer_id').references(() => users.id),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('internal_notes_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * What an officer has typed on a case and not yet sent (reasons, notes, the fields of a request),
 * kept on the server so nothing is lost when a claim lapses or passes to someone else.
 */
export const caseDrafts = pgTable(
  'case_drafts',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    officerId: integer('officer_id')
      .notNull()
      .references(() => users.id),
    body: jsonb('body').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.officerId] })],
);

/**
 * What was done to officers' accounts and to the calendar: roles and offices given, credentials
 * removed, sessions ended, holidays added, moved or removed. Append-only; actor null = the console.
 */
export const officerAuditLog = pgTable(
  'officer_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id),
    detail: jsonb('detail'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('officer_audit_target_idx').on(t.targetUserId, t.createdAt),
    index('officer_audit_created_idx').on(t.createdAt),
  ],
);

// ── An office at national volume: the pick-up desk, printing, figures ───────

/** Seats per pick-up slot of one district office, set by an admin; an office without a row has PICKUP_SLOT_CAPACITY. */
export const pickupCapacities = pgTable('pickup_capacities', {
  districtId: integer('district_id')
    .primaryKey()
    .references(() => districts.id),
  capacity: integer('capacity').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One booked visit at the pick-up desk: the check-in, the ID number compared with the record, the
 * hand-over (who, when, to whom), or the no-show found at the end of the day. One row per booking.
 */
export const pickupVisits = pgTable(
  'pickup_visits',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    districtId: integer('district_id').notNull(),
    pickupDate: text('pickup_date').notNull(),
    pickupTime: text('pickup_time').notNull(),
    checkedInAt: ts('checked_in_at'),
    checkedInBy: integer('checked_in_by').references(() => users.id),
    idCheckedAt: ts('id_checked_at'),
    idCheckedBy: integer('id_checked_by').references(() => users.id),
    /** How the number was read: typed by the officer, or read from a photo of the card. */
    idCheckMethod: text('id_check_method', { enum: ['typed', 'card_photo'] }),
    idMatched: boolean('id_matched'),
    handedOverAt: ts('handed_over_at'),
    handedOverBy: integer('handed_over_by').references(() => users.id),
    recipientName: text('recipient_name'),
    recipientIsHolder: boolean('recipient_is_holder'),
    /** Set once by the end-of-day job, which mails the citizen to book again. */
    noShowAt: ts('no_show_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pickup_visits_booking_idx').on(t.applicationId, t.pickupDate, t.pickupTime),
    index('pickup_visits_day_idx').on(t.pickupDate, t.districtId),
  ],
);

/** One "print the day's certificates" of an office: the day printed for, by whom, when. */
export const printBatches = pgTable('print_batches', {
  id: serial('id').primaryKey(),
  pickupDate: text('pickup_date').notNull(),
  /** The district printed for; null when an officer above a district printed all of their office's. */
  districtId: integer('district_id'),
  printedBy: integer('printed_by')
    .notNull()
    .references(() => users.id),
  printedAt: ts('printed_at').notNull().defaultNow(),
  certificates: integer('certificates').notNull(),
});

/** Each certificate a batch printed: "printed before, by whom" is read from here. */
export const certificatePrints = pgTable(
  'certificate_prints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => printBatches.id),
    printedBy: integer('printed_by')
      .notNull()
      .references(() => users.id),
    printedAt: ts('printed_at').notNull().defaultNow(),
  },
  (t) => [index('certificate_prints_application_idx').on(t.applicationId, t.printedAt)],
);

/** The first time the citizen downloaded their certificate (digital take-up in the figures). */
export const certificateDownloads = pgTable('certificate_downloads', {
  applicationId: integer('application_id')
    .primaryKey()
    .references(() => applications.id),
  firstAt: ts('first_at').notNull().defaultNow(),
});

/** The one optional question after the certificate: how satisfied, 1 (very dissatisfied) to 5. */
export const certificateFeedback = pgTable('certificate_feedback', {
  applicationId: integer('application_id')
    .primaryKey()
    .references(() => applications.id),
  rating: integer('rating').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ── Wallet credentials (OpenID4VCI, docs/architecture.md#the-certificate-in-a-wallet) ─────────────
/**
 * A credential offer the owner of an issued certificate made: its pre-authorized code and PIN
 * (tx_code) only as keyed hashes, short-lived and redeemed once; the access token it gave, hashed too.
 */
export const walletOffers = pgTable(
  'wallet_offers',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    codeHash: text('code_hash').notNull().unique(),
    pinHash: text('pin_hash').notNull(),
    pinAttempts: integer('pin_attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /** Redeemed (or voided: a newer offer, too many wrong PINs, a revocation). */
    usedAt: ts('used_at'),
    accessTokenHash: text('access_token_hash').unique(),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    credentialIssuedAt: ts('credential_issued_at'),
  },
  (t) => [index('wallet_offers_application_idx').on(t.applicationId)],
);

/** The c_nonce values the nonce endpoint gave: a proof carries one, accepted once before it expires. */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    id: serial('id').primaryKey(),
    nonce: text('nonce').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('wallet_nonces_expires_idx').on(t.expiresAt)],
);

/** Each wallet credential issued: its index in the published status list is its id. */
export const walletCredentials = pgTable(
  'wallet_credentials',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => walletOffers.id),
    /** JWK thumbprint (RFC 7638) of the wallet's key the credential is bound to. */
    holderKeyThumbprint: text('holder_key_thumbprint').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /** Set with the certificate's revocation, in the same transaction: the status bit is 1. */
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('wallet_credentials_application_idx').on(t.applicationId)],
);

// ── Web Push (docs/security.md#web-push) ──────────────────────────────────────────────────────────
/**
 * One row per device a citizen allowed to be told of changes: the push service's endpoint and the
 * browser's keys the messages are encrypted to (RFC 8291). An endpoint belongs to one citizen: a
 * phone signed in by someone else moves it to them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's ECDH P-256 public key and auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language', { enum: ['en', 'lo'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Subscribed again, or a message accepted by the push service. */
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Push messages waiting to leave (server/services/web-push.ts): written in the transaction of the
 * change, so a rolled-back change sends nothing; sent after it commits; deleted once the push
 * service took them (or refused them for good).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt)],
);
