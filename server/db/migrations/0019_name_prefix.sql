-- Names searched by the start of their words (server/services/officers/queue.ts, searchIn;
-- docs/architecture.md#a-queue-that-stays-fast): a B-tree on each lower-cased first and last name
-- reads only the names that begin with the word typed, where the trigram indexes of 0013 read the
-- lists of every letter triple of it (for a common family name at a million applications, several
-- hundred thousand entries a search). text_pattern_ops: LIKE 'x%' uses the index whatever the
-- database's collation.
CREATE INDEX "applications_first_name_prefix_idx" ON "applications" (lower("applicant_data"->>'first_name') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_last_name_prefix_idx" ON "applications" (lower("applicant_data"->>'last_name') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" (lower("last_name") text_pattern_ops);
