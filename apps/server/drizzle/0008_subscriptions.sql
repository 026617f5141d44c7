CREATE TABLE "subscription_items" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subscription_id" text NOT NULL,
	"price_id" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"customer_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"default_payment_method_id" text,
	"collection_method" text DEFAULT 'charge_automatically' NOT NULL,
	"description" text,
	"recurring_interval" text NOT NULL,
	"recurring_interval_count" integer DEFAULT 1 NOT NULL,
	"billing_threshold_amount" numeric(78, 0),
	"start_date" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"trial_start" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancel_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"latest_invoice_id" text,
	"checkout_session_id" text
);
--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_items_price" ON "subscription_items" USING btree ("subscription_id","price_id");--> statement-breakpoint
CREATE INDEX "subscriptions_list" ON "subscriptions" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer" ON "subscriptions" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "subscriptions_period_end" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_checkout_interval" ON "subscriptions" USING btree ("checkout_session_id","recurring_interval","recurring_interval_count");--> statement-breakpoint
CREATE INDEX "invoices_subscription" ON "invoices" USING btree ("subscription_id");