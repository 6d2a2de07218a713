-- Pick-up per office: a slot's seats are counted per district office (the office that issues the
-- certificate and hands it over). The old counters were one per (date, time) for the whole
-- country; they are counted again from the bookings themselves.
ALTER TABLE "pickup_slots" ADD COLUMN "district_id" integer;--> statement-breakpoint
DELETE FROM "pickup_slots";--> statement-breakpoint
INSERT INTO "pickup_slots" ("district_id", "date", "time", "booked")
  SELECT ("applicant_data"->>'district_id')::integer, "pickup_date", "pickup_time", count(*)::integer
  FROM "applications"
  WHERE "pickup_date" IS NOT NULL AND "pickup_time" IS NOT NULL
    AND "status" IN ('waiting to pickup', 'picked up') AND "certificate_revoked_at" IS NULL
  GROUP BY 1, 2, 3;--> statement-breakpoint
ALTER TABLE "pickup_slots" ALTER COLUMN "district_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_slots" DROP CONSTRAINT "pickup_slots_date_time_pk";--> statement-breakpoint
ALTER TABLE "pickup_slots" ADD CONSTRAINT "pickup_slots_district_id_date_time_pk" PRIMARY KEY ("district_id", "date", "time");--> statement-breakpoint
CREATE TABLE "pickup_capacities" (
	"district_id" integer PRIMARY KEY NOT NULL REFERENCES "districts"("id"),
	"capacity" integer NOT NULL,
	"updated_by" integer REFERENCES "users"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "pickup_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL REFERENCES "applications"("id"),
	"district_id" integer NOT NULL,
	"pickup_date" text NOT NULL,
	"pickup_time" text NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" integer REFERENCES "users"("id"),
	"id_checked_at" timestamp with time zone,
	"id_checked_by" integer REFERENCES "users"("id"),
	"id_check_method" text,
	"id_matched" boolean,
	"handed_over_at" timestamp with time zone,
	"handed_over_by" integer REFERENCES "users"("id"),
	"recipient_name" text,
	"recipient_is_holder" boolean,
	"no_show_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_visits_booking_idx" ON "pickup_visits" ("application_id", "pickup_date", "pickup_time");--> statement-breakpoint
CREATE INDEX "pickup_visits_day_idx" ON "pickup_visits" ("pickup_date", "district_id");--> statement-breakpoint
CREATE TABLE "print_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"pickup_date" text NOT NULL,
	"district_id" integer,
	"printed_by" integer NOT NULL REFERENCES "users"("id"),
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"certificates" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "certificate_prints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL REFERENCES "applications"("id"),
	"batch_id" integer NOT NULL REFERENCES "print_batches"("id"),
	"printed_by" integer NOT NULL REFERENCES "users"("id"),
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "certificate_prints_application_idx" ON "certificate_prints" ("application_id", "printed_at");--> statement-breakpoint
CREATE TABLE "certificate_downloads" (
	"application_id" integer PRIMARY KEY NOT NULL REFERENCES "applications"("id"),
	"first_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "certificate_feedback" (
	"application_id" integer PRIMARY KEY NOT NULL REFERENCES "applications"("id"),
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The desk's day and the no-show job: bookings of one day, by slot.
CREATE INDEX "applications_pickup_day_idx" ON "applications" ("pickup_date", "pickup_time") WHERE "pickup_date" IS NOT NULL;--> statement-breakpoint
-- The office of an application is the district (or province) of step 1's address: every officer's
-- list, count and figure is narrowed by it first.
CREATE INDEX "applications_district_idx" ON "applications" (("applicant_data"->>'district_id'), "created_at");--> statement-breakpoint
CREATE INDEX "applications_province_idx" ON "applications" (("applicant_data"->>'province_id'), "created_at");--> statement-breakpoint
-- Figures: payments and decisions of a period.
CREATE INDEX "applications_paid_idx" ON "applications" ("paid_at") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "status_history_decisions_idx" ON "status_history" ("created_at", "application_id") WHERE "to_status" IN ('application approved', 'rejected');--> statement-breakpoint
CREATE INDEX "access_log_officer_idx" ON "access_log" ("officer_id", "application_id", "created_at");
--> statement-breakpoint
-- Open work by office: the queues and take-next read only open statuses, least time left first.
CREATE INDEX "applications_open_district_idx" ON "applications" (("applicant_data"->>'district_id'), "status", "due_on", "id") WHERE "status" IN ('waiting for approve', 'in validation', 'information requested', 'application approved', 'waiting for certificate issued', 'certificate issued', 'waiting to pickup');--> statement-breakpoint
CREATE INDEX "applications_open_province_idx" ON "applications" (("applicant_data"->>'province_id'), "status", "due_on", "id") WHERE "status" IN ('waiting for approve', 'in validation', 'information requested', 'application approved', 'waiting for certificate issued', 'certificate issued', 'waiting to pickup');--> statement-breakpoint
-- Name, ticket, ID number and e-mail search (server/services/officers/queue.ts searchCondition):
-- trigram indexes where the server has pg_trgm (Debian's PostgreSQL does); without it (the
-- embedded database) the search reads the table, which is small there.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: the search reads the tables';
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX "applications_name_trgm_idx" ON "applications" USING gin ((("applicant_data"->>''first_name'') || '' '' || ("applicant_data"->>''last_name'')) gin_trgm_ops)';
    EXECUTE 'CREATE INDEX "applications_ticket_trgm_idx" ON "applications" USING gin ("ticket_number" gin_trgm_ops)';
    EXECUTE 'CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || '' '' || "last_name") gin_trgm_ops)';
    EXECUTE 'CREATE INDEX "users_id_card_trgm_idx" ON "users" USING gin ("id_card" gin_trgm_ops)';
    EXECUTE 'CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops)';
  END IF;
END $$;
