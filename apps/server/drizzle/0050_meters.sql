CREATE TABLE "credit_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text,
	"customer_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"remaining_amount" numeric(78, 0) NOT NULL,
	"category" text NOT NULL,
	"priority" integer DEFAULT 50 NOT NULL,
	"status" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"scope_prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_id" text,
	"source_price_id" text,
	"subscription_id" text,
	CONSTRAINT "credit_grants_remaining" CHECK ("credit_grants"."remaining_amount" >= 0 AND "credit_grants"."remaining_amount" <= "credit_grants"."amount")
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"credit_grant_id" text NOT NULL,
	"credit_amount" numeric(78, 0) NOT NULL,
	"remaining_balance" numeric(78, 0) NOT NULL,
	"meter_id" text,
	"meter_event_id" text,
	"subscription_id" text,
	"source" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "meter_events" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"meter_id" text NOT NULL,
	"event_name" text NOT NULL,
	"identifier" text NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"value" numeric(78, 0) NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"source_data" jsonb,
	"status" text DEFAULT 'completed' NOT NULL,
	"credit_consumed" numeric(78, 0) DEFAULT 0 NOT NULL,
	"credit_pending" numeric(78, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_events_value_not_negative" CHECK ("meter_events"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meter_usage_daily" (
	"meter_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"day" date NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"event_name" text NOT NULL,
	"unit" text NOT NULL,
	"aggregation_method" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"currency_id" text,
	"description" text
);
--> statement-breakpoint
CREATE INDEX "credit_grants_customer" ON "credit_grants" USING btree ("customer_id","currency_id","status");--> statement-breakpoint
CREATE INDEX "credit_grants_list" ON "credit_grants" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_grants_expiry" ON "credit_grants" USING btree ("expires_at") WHERE "credit_grants"."status" = 'granted';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_grants_source" ON "credit_grants" USING btree ("source_id","source_price_id") WHERE "credit_grants"."source_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_transactions_customer" ON "credit_transactions" USING btree ("customer_id","livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_transactions_grant" ON "credit_transactions" USING btree ("credit_grant_id");--> statement-breakpoint
CREATE INDEX "credit_transactions_list" ON "credit_transactions" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_events_identifier" ON "meter_events" USING btree ("livemode","identifier");--> statement-breakpoint
CREATE INDEX "meter_events_usage" ON "meter_events" USING btree ("meter_id","customer_id","timestamp");--> statement-breakpoint
CREATE INDEX "meter_events_list" ON "meter_events" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "meter_usage_daily_key" ON "meter_usage_daily" USING btree ("meter_id","customer_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "meters_event_name" ON "meters" USING btree ("livemode","event_name");--> statement-breakpoint
CREATE INDEX "meters_list" ON "meters" USING btree ("livemode","created_at","id");--> statement-breakpoint
-- hand-written
-- A period's usage of one (meter, customer) is read from this index alone (value included): the
-- partial first and last days by range, the last value by the newest entry.
DROP INDEX "meter_events_usage";--> statement-breakpoint
CREATE INDEX "meter_events_usage" ON "meter_events" USING btree ("meter_id","customer_id","timestamp") INCLUDE ("value");
