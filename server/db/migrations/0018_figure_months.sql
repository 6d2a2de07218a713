-- The figures' monthly layer (docs/architecture.md#figures-at-national-scale): the sums of
-- figure_days per month and place, with the decisions per working day used and the rejection
-- reasons added up key by key. A period of several months reads its whole months here (148 rows
-- a month for the country) and only its first and last partial months from figure_days; the
-- country over twelve months was 90,000 daily rows whose two histograms were expanded one by one.
CREATE TABLE "figure_months" (
	"month" text NOT NULL,
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
	CONSTRAINT "figure_months_pk" PRIMARY KEY ("month", "province", "district")
);--> statement-breakpoint
-- Counts the months whose first day is from_month … before to_month (YYYY-MM-01) again from their
-- days: called in the same transaction as the days are counted (server/services/figure-days.ts),
-- so a month is always the sum of its days as they stand.
CREATE FUNCTION "figure_months_count"(from_month text, to_month text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM figure_months WHERE month >= from_month AND month < to_month;
  WITH d AS (
    SELECT substr(day, 1, 7) || '-01' AS month, f.* FROM figure_days f WHERE day >= from_month AND day < to_month
  ),
  used AS (
    SELECT month, province, district, jsonb_object_agg(key, n) AS used_days FROM (
      SELECT month, province, district, u.key, sum(u.value::int) AS n
      FROM d CROSS JOIN jsonb_each_text(d.used_days) u GROUP BY 1, 2, 3, 4
    ) s GROUP BY 1, 2, 3
  ),
  reasons AS (
    SELECT month, province, district, jsonb_object_agg(key, n) AS reasons FROM (
      SELECT month, province, district, r.key, sum(r.value::int) AS n
      FROM d CROSS JOIN jsonb_each_text(d.reasons) r GROUP BY 1, 2, 3, 4
    ) s GROUP BY 1, 2, 3
  ),
  sums AS (
    SELECT month, province, district, sum(received)::int AS received, sum(received_paid)::int AS received_paid,
      sum(paid)::int AS paid, sum(decided)::int AS decided, sum(approved)::int AS approved,
      sum(rejected)::int AS rejected, sum(within3)::int AS within3, sum(within5)::int AS within5,
      sum(minutes_n)::int AS minutes_n, sum(minutes_sum) AS minutes_sum, sum(no_shows)::int AS no_shows,
      sum(downloads)::int AS downloads, sum(pickups)::int AS pickups, sum(feedback_n)::int AS feedback_n,
      sum(rating_sum)::int AS rating_sum
    FROM d GROUP BY 1, 2, 3
  )
  INSERT INTO figure_months (month, province, district, received, received_paid, paid, decided, approved, rejected,
    within3, within5, used_days, reasons, minutes_n, minutes_sum, no_shows, downloads, pickups, feedback_n, rating_sum)
  SELECT s.month, s.province, s.district, s.received, s.received_paid, s.paid, s.decided, s.approved, s.rejected,
    s.within3, s.within5, coalesce(u.used_days, '{}'::jsonb), coalesce(r.reasons, '{}'::jsonb), s.minutes_n,
    s.minutes_sum, s.no_shows, s.downloads, s.pickups, s.feedback_n, s.rating_sum
  FROM sums s
  LEFT JOIN used u USING (month, province, district)
  LEFT JOIN reasons r USING (month, province, district);
$$;--> statement-breakpoint
-- Every month already counted by day (days still marked stale are counted, with their month, later).
SELECT figure_months_count('0000-01-01', '9999-12-01');--> statement-breakpoint
-- The officers' list of applications, newest change first (server/services/officers/queue.ts): a
-- page walks this index instead of sorting the office's every case, and so does a search whose
-- word matches more than 1,000 cases.
CREATE INDEX "applications_updated_idx" ON "applications" ("updated_at", "id");
--> statement-breakpoint
-- The search's trigram indexes (migration 0013) write each new row into the index at once instead
-- of a pending list: every search read the whole pending list (up to 4 MB per index, until the
-- next vacuum) before its first match, which cost more than the index itself at 100,000 cases.
DO $$
DECLARE
  i text;
BEGIN
  FOREACH i IN ARRAY ARRAY['applications_name_trgm_idx', 'applications_ticket_trgm_idx', 'users_name_trgm_idx',
    'users_id_card_trgm_idx', 'users_email_trgm_idx'] LOOP
    IF to_regclass(i) IS NOT NULL THEN
      EXECUTE format('ALTER INDEX %I SET (fastupdate = off)', i);
      PERFORM gin_clean_pending_list(to_regclass(i));
    END IF;
  END LOOP;
END $$;
