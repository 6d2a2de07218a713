-- The figures' daily rollup (docs/architecture.md#figures-at-national-scale): one small row per
-- Vientiane day and place (the applicant's province and district as step 1 wrote them, '' when
-- none; a no-show by the visit's district office) with what the figures add up. Reading a
-- country's year is then 148 × 366 rows at most instead of every decision joined to its calendar.
CREATE TABLE "figure_days" (
	"day" text NOT NULL,
	"province" text NOT NULL,
	"district" text NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"received_paid" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"decided" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"within3" integer DEFAULT 0 NOT NULL,
	"within5" integer DEFAULT 0 NOT NULL,
	"used_days" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"minutes_n" integer DEFAULT 0 NOT NULL,
	"minutes_sum" numeric DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"pickups" integer DEFAULT 0 NOT NULL,
	"feedback_n" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "figure_days_pk" PRIMARY KEY ("day", "province", "district")
);--> statement-breakpoint
CREATE INDEX "figure_days_province_idx" ON "figure_days" ("province", "day");--> statement-breakpoint
CREATE INDEX "figure_days_district_idx" ON "figure_days" ("district", "day");--> statement-breakpoint
-- Days whose rollup rows must be counted again. Written by the triggers below in the writer's own
-- transaction; no unique key, so a writer never waits on another (duplicates are harmless: the
-- rebuild deletes every marker of the days it counts).
CREATE TABLE "figure_days_stale" (
	"day" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "figure_days_stale_day_idx" ON "figure_days_stale" ("day");--> statement-breakpoint
CREATE FUNCTION "figure_day"(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'Asia/Vientiane', 'YYYY-MM-DD')
$$;--> statement-breakpoint
-- An application: its day of creation and of payment; when what the figures read of it changes
-- (payment, place, clock), every day it appears in.
CREATE FUNCTION "figure_days_mark_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO figure_days_stale (day)
      SELECT DISTINCT figure_day(t) FROM new_rows n, LATERAL (VALUES (n.created_at), (n.paid_at)) v(t) WHERE t IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO figure_days_stale (day)
      SELECT DISTINCT figure_day(t) FROM old_rows o, LATERAL (VALUES (o.created_at), (o.paid_at)) v(t) WHERE t IS NOT NULL;
  ELSE
    WITH changed AS (
      SELECT o.id, o.created_at AS c1, n.created_at AS c2, o.paid_at AS p1, n.paid_at AS p2
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.created_at, o.paid_at, o.applicant_data->>'province_id', o.applicant_data->>'district_id',
             o.clock_started_at, o.clock_used_days, o.clock_paused_at)
        IS DISTINCT FROM (n.created_at, n.paid_at, n.applicant_data->>'province_id', n.applicant_data->>'district_id',
             n.clock_started_at, n.clock_used_days, n.clock_paused_at)
    )
    INSERT INTO figure_days_stale (day)
      SELECT DISTINCT figure_day(t) FROM (
        SELECT unnest(ARRAY[c1, c2, p1, p2]) AS t FROM changed
        UNION ALL SELECT h.created_at FROM status_history h WHERE h.application_id IN (SELECT id FROM changed)
        UNION ALL SELECT l.created_at FROM access_log l
          WHERE l.application_id IN (SELECT id FROM changed) AND l.action IN ('approve', 'reject')
        UNION ALL SELECT d.first_at FROM certificate_downloads d WHERE d.application_id IN (SELECT id FROM changed)
        UNION ALL SELECT f.created_at FROM certificate_feedback f WHERE f.application_id IN (SELECT id FROM changed)
      ) s WHERE t IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row whose day is one timestamp column, for the tables that are only added to or corrected.
CREATE FUNCTION "figure_days_mark_by"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := TG_ARGV[0];
  only_if text := coalesce(TG_ARGV[1], 'true');
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('INSERT INTO figure_days_stale (day) SELECT DISTINCT figure_day(%I) FROM new_rows WHERE %I IS NOT NULL AND %s', col, col, only_if);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('INSERT INTO figure_days_stale (day) SELECT DISTINCT figure_day(%I) FROM old_rows WHERE %I IS NOT NULL AND %s', col, col, only_if);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A no-show: the visit's day (already a Vientiane day).
CREATE FUNCTION "figure_days_mark_visits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO figure_days_stale (day) SELECT DISTINCT pickup_date FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO figure_days_stale (day) SELECT DISTINCT pickup_date FROM old_rows;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A holiday or a closure changes the working days of every decision up to 400 days after it (the
-- figures' look-back); only days already past can hold decisions.
CREATE FUNCTION "figure_days_mark_calendar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO figure_days_stale (day)
      SELECT DISTINCT to_char(g, 'YYYY-MM-DD') FROM new_rows n,
        generate_series(n.date::date, least(n.date::date + 400, (now() AT TIME ZONE 'Asia/Vientiane')::date), interval '1 day') g;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO figure_days_stale (day)
      SELECT DISTINCT to_char(g, 'YYYY-MM-DD') FROM old_rows o,
        generate_series(o.date::date, least(o.date::date + 400, (now() AT TIME ZONE 'Asia/Vientiane')::date), interval '1 day') g;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "figure_days_applications_ins" AFTER INSERT ON "applications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_applications();--> statement-breakpoint
CREATE TRIGGER "figure_days_applications_upd" AFTER UPDATE ON "applications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_applications();--> statement-breakpoint
CREATE TRIGGER "figure_days_applications_del" AFTER DELETE ON "applications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_applications();--> statement-breakpoint
CREATE TRIGGER "figure_days_history_ins" AFTER INSERT ON "status_history" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('created_at', 'to_status IN (''application approved'', ''rejected'', ''picked up'')');--> statement-breakpoint
CREATE TRIGGER "figure_days_history_upd" AFTER UPDATE ON "status_history" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('created_at', 'to_status IN (''application approved'', ''rejected'', ''picked up'')');--> statement-breakpoint
CREATE TRIGGER "figure_days_history_del" AFTER DELETE ON "status_history" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('created_at', 'to_status IN (''application approved'', ''rejected'', ''picked up'')');--> statement-breakpoint
CREATE TRIGGER "figure_days_access_ins" AFTER INSERT ON "access_log" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('created_at', 'action IN (''approve'', ''reject'')');--> statement-breakpoint
CREATE TRIGGER "figure_days_access_upd" AFTER UPDATE ON "access_log" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('created_at', 'action IN (''approve'', ''reject'')');--> statement-breakpoint
CREATE TRIGGER "figure_days_access_del" AFTER DELETE ON "access_log" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('created_at', 'action IN (''approve'', ''reject'')');--> statement-breakpoint
CREATE TRIGGER "figure_days_downloads_ins" AFTER INSERT ON "certificate_downloads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('first_at');--> statement-breakpoint
CREATE TRIGGER "figure_days_downloads_upd" AFTER UPDATE ON "certificate_downloads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('first_at');--> statement-breakpoint
CREATE TRIGGER "figure_days_downloads_del" AFTER DELETE ON "certificate_downloads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('first_at');--> statement-breakpoint
CREATE TRIGGER "figure_days_feedback_ins" AFTER INSERT ON "certificate_feedback" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('created_at');--> statement-breakpoint
CREATE TRIGGER "figure_days_feedback_upd" AFTER UPDATE ON "certificate_feedback" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('created_at');--> statement-breakpoint
CREATE TRIGGER "figure_days_feedback_del" AFTER DELETE ON "certificate_feedback" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_by('created_at');--> statement-breakpoint
CREATE TRIGGER "figure_days_visits_ins" AFTER INSERT ON "pickup_visits" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_visits();--> statement-breakpoint
CREATE TRIGGER "figure_days_visits_upd" AFTER UPDATE ON "pickup_visits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_visits();--> statement-breakpoint
CREATE TRIGGER "figure_days_visits_del" AFTER DELETE ON "pickup_visits" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_visits();--> statement-breakpoint
CREATE TRIGGER "figure_days_calendar_ins" AFTER INSERT ON "non_working_days" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_calendar();--> statement-breakpoint
CREATE TRIGGER "figure_days_calendar_upd" AFTER UPDATE ON "non_working_days" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_calendar();--> statement-breakpoint
CREATE TRIGGER "figure_days_calendar_del" AFTER DELETE ON "non_working_days" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION figure_days_mark_calendar();--> statement-breakpoint
-- The backfill: every day from the first application to today is counted by the next figures
-- request over it or by the scheduled jobs, whichever comes first.
INSERT INTO "figure_days_stale" ("day")
  SELECT to_char(g, 'YYYY-MM-DD')
  FROM (SELECT min(created_at) AS first FROM applications) f,
    generate_series((f.first AT TIME ZONE 'Asia/Vientiane')::date, (now() AT TIME ZONE 'Asia/Vientiane')::date + 1, interval '1 day') g
  WHERE f.first IS NOT NULL;
