ALTER TABLE "store_versions" ADD COLUMN "signature" text;--> statement-breakpoint
CREATE INDEX "store_blocklets_console_trgm" ON "store_blocklets" USING gin (lower("title" || ' ' || "name" || ' ' || "did" || ' ' || "owner_did") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_blocklets_updated" ON "store_blocklets" USING btree ("updated_at");