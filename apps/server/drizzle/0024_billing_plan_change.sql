-- Plan changes and balances on invoices: the credit balance an invoice started from and took, a
-- subscription's pending update (waiting for its invoice to be paid), metered usage records and
-- how a metered price aggregates them.
CREATE TABLE "usage_records" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subscription_item_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"quantity" bigint NOT NULL,
	"action" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "recurring_aggregate_usage" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "starting_balance" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "applied_balance" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_update" jsonb;--> statement-breakpoint
CREATE INDEX "usage_records_item" ON "usage_records" USING btree ("subscription_item_id","timestamp");