ALTER TABLE "usage_records" ADD COLUMN "price_id" text;--> statement-breakpoint
UPDATE "usage_records" u SET "price_id" = i."price_id" FROM "subscription_items" i WHERE i."id" = u."subscription_item_id";--> statement-breakpoint
CREATE INDEX "usage_records_subscription" ON "usage_records" USING btree ("subscription_id","timestamp");
