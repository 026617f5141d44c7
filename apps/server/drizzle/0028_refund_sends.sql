ALTER TABLE "refunds" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tx_ref" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "raw" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "nonce" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "broadcast_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "amount" numeric(78, 0);--> statement-breakpoint
CREATE INDEX "refunds_in_flight" ON "refunds" USING btree ("status","created_at");