CREATE TABLE "case_drafts" (
	"application_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_drafts_application_id_officer_id_pk" PRIMARY KEY("application_id","officer_id")
);
--> statement-breakpoint
CREATE TABLE "decision_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"usage" text DEFAULT 'both' NOT NULL,
	"text_en" text NOT NULL,
	"text_lo" text NOT NULL,
	"action_en" text NOT NULL,
	"action_lo" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_reasons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "information_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"reason_codes" jsonb NOT NULL,
	"message" text,
	"documents" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answer" jsonb
);
--> statement-breakpoint
CREATE TABLE "internal_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"kind" text DEFAULT 'note' NOT NULL,
	"to_officer_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "non_working_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"kind" text NOT NULL,
	"scope" text DEFAULT 'national' NOT NULL,
	"name_en" text NOT NULL,
	"name_lo" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "officer_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_user_id" integer,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "clock_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "clock_used_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "clock_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "due_on" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "claim_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "escalated_to" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "revocation_requested_by" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "revocation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "revocation_requested_reason" text;--> statement-breakpoint
ALTER TABLE "status_history" ADD COLUMN "reason_codes" jsonb;--> statement-breakpoint
ALTER TABLE "case_drafts" ADD CONSTRAINT "case_drafts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_drafts" ADD CONSTRAINT "case_drafts_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_reasons" ADD CONSTRAINT "decision_reasons_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_to_officer_id_users_id_fk" FOREIGN KEY ("to_officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_working_days" ADD CONSTRAINT "non_working_days_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_working_days" ADD CONSTRAINT "non_working_days_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer_audit_log" ADD CONSTRAINT "officer_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer_audit_log" ADD CONSTRAINT "officer_audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "information_requests_application_idx" ON "information_requests" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "internal_notes_application_idx" ON "internal_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "non_working_days_date_scope_idx" ON "non_working_days" USING btree ("date","scope");--> statement-breakpoint
CREATE INDEX "officer_audit_target_idx" ON "officer_audit_log" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "officer_audit_created_idx" ON "officer_audit_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_escalated_to_users_id_fk" FOREIGN KEY ("escalated_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_revocation_requested_by_users_id_fk" FOREIGN KEY ("revocation_requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_queue_idx" ON "applications" USING btree ("status","due_on","id");--> statement-breakpoint
CREATE INDEX "applications_claimed_idx" ON "applications" USING btree ("claimed_by");