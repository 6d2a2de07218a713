-- The national review queue in its order (server/services/officers/tasks.ts, taskCondition 'review';
-- docs/architecture.md#a-queue-that-stays-fast): its cases are in two statuses (paid and waiting,
-- or in validation and not yet reviewed), so applications_queue_idx gives each status in order but
-- not both together, and every take-next and page read all of them to sort (1,400 at a million).
-- One index whose rows are exactly the queue's: take-next reads from its start and stops at the
-- first case nobody holds. The offices' queues have theirs (applications_open_*_idx).
CREATE INDEX "applications_review_queue_idx" ON "applications" ("due_on", "id") WHERE ("status" = 'waiting for approve' AND "payment_status" = 'paid') OR ("status" = 'in validation' AND "reviewed_by" IS NULL);
