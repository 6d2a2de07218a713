-- Names searched by the start of their words (server/services/officers/queue.ts, searchIn;
-- docs/architecture.md#a-queue-that-stays-fast): a B-tree on the applicant's lower-cased first and
-- on the last name reads only the names that begin with the word typed, where the trigram indexes
-- of 0013 read the lists of every letter triple of it (for a common family name at a million
-- applications, several hundred thousand entries a search). The province and district ride along
-- in the index, so that an office's search skips the country's other matches without reading
-- them. text_pattern_ops: LIKE 'x%' uses the index whatever the database's collation.
CREATE INDEX "applications_first_name_prefix_idx" ON "applications" (lower("applicant_data"->>'first_name') text_pattern_ops, ("applicant_data"->>'province_id'), ("applicant_data"->>'district_id'));--> statement-breakpoint
CREATE INDEX "applications_last_name_prefix_idx" ON "applications" (lower("applicant_data"->>'last_name') text_pattern_ops, ("applicant_data"->>'province_id'), ("applicant_data"->>'district_id'));
--> statement-breakpoint
-- The planner knows an expression's values only once the table is analysed: until then it took
-- every prefix for 5,000 rows (a sample of the table; quick at any size).
ANALYZE "applications";
