-- Tickets, ID card numbers and e-mails searched by their beginning (server/services/officers/queue.ts,
-- startOf; docs/architecture.md#a-queue-that-stays-fast): a B-tree reads only the matches, where the
-- trigram indexes of 0013 read, for a twelve-digit ID number at a million accounts, the lists of ten
-- digit triples of a few thousand entries each (about 240 ms a search at p95 with twenty officers).
-- text_pattern_ops: LIKE 'x%' uses the index whatever the database's collation.
CREATE INDEX IF NOT EXISTS "applications_ticket_prefix_idx" ON "applications" ("ticket_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_id_card_prefix_idx" ON "users" ("id_card" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_prefix_idx" ON "users" ("email" text_pattern_ops);--> statement-breakpoint
-- Nothing searches by substring any more (names by the start of their words since 0019): the
-- trigram indexes only cost every insert and update of a name, an ID number or an e-mail.
DROP INDEX IF EXISTS "applications_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "applications_ticket_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_id_card_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_trgm_idx";
