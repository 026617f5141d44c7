CREATE TABLE "test_clocks" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean DEFAULT false NOT NULL,
	"name" text,
	"frozen_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "test_clock_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "attempt_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "next_payment_attempt" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "attempts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "test_clock_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_cycle_anchor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payer" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "days_until_due" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelation_details" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "past_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "test_clock_id" text;--> statement-breakpoint
CREATE INDEX "test_clocks_list" ON "test_clocks" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_subscription_cycle" ON "invoices" USING btree ("subscription_id","period_start") WHERE "invoices"."billing_reason" = 'subscription_cycle';--> statement-breakpoint
CREATE INDEX "invoices_next_attempt" ON "invoices" USING btree ("next_payment_attempt") WHERE "invoices"."next_payment_attempt" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_test_clock" ON "subscriptions" USING btree ("test_clock_id");
