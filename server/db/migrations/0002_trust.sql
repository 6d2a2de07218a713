CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"action" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "certificate_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "certificate_revoked_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "certificate_revoked_by" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "pickup_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "status_history" ADD COLUMN "notes_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "officer_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_application_idx" ON "access_log" USING btree ("application_id","created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_certificate_revoked_by_users_id_fk" FOREIGN KEY ("certificate_revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_deadline_idx" ON "applications" USING btree ("status","deadline");