ALTER TABLE "store_versions" ADD COLUMN "signature" text;--> statement-breakpoint
CREATE INDEX "store_blocklets_console_trgm" ON "store_blocklets" USING gin (lower("title" || ' ' || "name" || ' ' || "did" || ' ' || "owner_did") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_blocklets_updated" ON "store_blocklets" USING btree ("updated_at");--> statement-breakpoint
-- The search indexes change only when a version is published: write them directly instead of through
-- GIN's pending list, which the planner costs as a scan of every pending entry (until a vacuum merges
-- it, searches would read the whole table).
ALTER INDEX "store_blocklets_search" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "store_blocklets_search_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "store_blocklets_console_trgm" SET (fastupdate = off);
