-- An applicant's name searched as it is written from its start, first name then last or last then
-- first (server/services/officers/queue.ts, nameOf; docs/architecture.md#a-queue-that-stays-fast):
-- one range of one index per order holds exactly the matches. The first and last name indexed apart
-- (0019) made "Somchai Keomany" read every Somchai and every Keomany in the country and keep the
-- few both (25,000 and 16,700 entries at a million). The province and district ride along, so an
-- office's search skips the country's other matches inside the index.
CREATE INDEX "applications_name_first_last_idx" ON "applications" (lower(("applicant_data"->>'first_name') || ' ' || ("applicant_data"->>'last_name')) text_pattern_ops, ("applicant_data"->>'province_id'), ("applicant_data"->>'district_id'));--> statement-breakpoint
CREATE INDEX "applications_name_last_first_idx" ON "applications" (lower(("applicant_data"->>'last_name') || ' ' || ("applicant_data"->>'first_name')) text_pattern_ops, ("applicant_data"->>'province_id'), ("applicant_data"->>'district_id'));--> statement-breakpoint
DROP INDEX IF EXISTS "applications_first_name_prefix_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "applications_last_name_prefix_idx";--> statement-breakpoint
-- An office's list in its order (last change first), and a search with more than 1,000 matches
-- that walks it: through the office's own rows. Walking every office's (applications_updated_idx)
-- and keeping the office's read 18 rows for one of a province and 148 for one of a district: a
-- province's search for a common name walked 12,000 rows for a page of 20.
CREATE INDEX "applications_district_updated_idx" ON "applications" (("applicant_data"->>'district_id'), "updated_at", "id");--> statement-breakpoint
CREATE INDEX "applications_province_updated_idx" ON "applications" (("applicant_data"->>'province_id'), "updated_at", "id");--> statement-breakpoint
-- Tickets, ID card numbers and e-mails searched by their beginning (server/services/officers/queue.ts,
-- startOf; docs/architecture.md#a-queue-that-stays-fast): a B-tree reads only the matches, where the
-- trigram indexes of 0013 read, for a twelve-digit ID number at a million accounts, the lists of ten
-- digit triples of a few thousand entries each (about 240 ms a search at p95 with twenty officers).
-- text_pattern_ops: LIKE 'x%' uses the index whatever the database's collation.
CREATE INDEX IF NOT EXISTS "applications_ticket_prefix_idx" ON "applications" ("ticket_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_id_card_prefix_idx" ON "users" ("id_card" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_prefix_idx" ON "users" ("email" text_pattern_ops);--> statement-breakpoint
-- Nothing searches by substring any more: the trigram indexes only cost every insert and update
-- of a name, an ID number or an e-mail.
DROP INDEX IF EXISTS "applications_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "applications_ticket_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_id_card_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_trgm_idx";
--> statement-breakpoint
-- The planner knows an expression's values only once the table is analysed.
ANALYZE "applications";
