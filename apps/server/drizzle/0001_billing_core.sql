CREATE TABLE "payment_currencies" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"payment_method_id" text NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"decimal" integer NOT NULL,
	"maximum_precision" integer DEFAULT 6 NOT NULL,
	"logo" text,
	"contract" text,
	"type" text DEFAULT 'standard' NOT NULL,
	"minimum_payment_amount" numeric(78, 0) DEFAULT 0 NOT NULL,
	"maximum_payment_amount" numeric(78, 0),
	"is_base_currency" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"logo" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"features" jsonb DEFAULT '{"recurring":false,"refund":false,"dispute":false}'::jsonb NOT NULL,
	"confirmation" jsonb DEFAULT '{"type":"immediate"}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"product_id" text NOT NULL,
	"type" text NOT NULL,
	"currency_id" text NOT NULL,
	"unit_amount" numeric(78, 0) NOT NULL,
	"billing_scheme" text DEFAULT 'per_unit' NOT NULL,
	"tiers_mode" text,
	"tiers" jsonb,
	"custom_unit_amount" jsonb,
	"currency_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recurring_interval" text,
	"recurring_interval_count" integer,
	"recurring_usage_type" text,
	"recurring_meter_id" text,
	"upsells_to_id" text,
	"quantity_available" integer DEFAULT 0 NOT NULL,
	"quantity_sold" integer DEFAULT 0 NOT NULL,
	"quantity_limit_per_checkout" integer DEFAULT 0 NOT NULL,
	"nickname" text,
	"lookup_key" text,
	CONSTRAINT "prices_quantity_sold_not_negative" CHECK ("prices"."quantity_sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" text NOT NULL,
	"unit_label" text,
	"statement_descriptor" text,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cross_sells_to_id" text
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"did" text,
	"name" text,
	"email" text,
	"phone" text,
	"address" jsonb,
	"description" text,
	"delinquent" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"currency_id" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"amount_subtotal" numeric(78, 0) NOT NULL,
	"amount_total" numeric(78, 0) NOT NULL,
	"amount_discount" numeric(78, 0) DEFAULT 0 NOT NULL,
	"amount_tax" numeric(78, 0) DEFAULT 0 NOT NULL,
	"amount_shipping" numeric(78, 0) DEFAULT 0 NOT NULL,
	"submit_type" text DEFAULT 'auto' NOT NULL,
	"cross_sell_behavior" text DEFAULT 'auto' NOT NULL,
	"billing_address_collection" text DEFAULT 'auto' NOT NULL,
	"phone_number_collection" boolean DEFAULT false NOT NULL,
	"subscription_data" jsonb,
	"customer_id" text,
	"customer_email" text,
	"payment_link_id" text,
	"payment_intent_id" text,
	"invoice_id" text,
	"subscription_id" text,
	"success_url" text,
	"cancel_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"nft_mint_status" text DEFAULT 'disabled' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"amount_received" numeric(78, 0) DEFAULT 0 NOT NULL,
	"currency_id" text NOT NULL,
	"payment_method_id" text,
	"customer_id" text,
	"checkout_session_id" text,
	"invoice_id" text,
	"description" text,
	"last_payment_error" jsonb,
	"payment_details" jsonb,
	"beneficiaries" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"name" text,
	"currency_id" text,
	"line_items" jsonb NOT NULL,
	"after_completion" jsonb DEFAULT '{"type":"hosted_confirmation"}'::jsonb NOT NULL,
	"donation_settings" jsonb,
	"allow_promotion_codes" boolean DEFAULT false NOT NULL,
	"submit_type" text DEFAULT 'auto' NOT NULL,
	"cross_sell_behavior" text DEFAULT 'auto' NOT NULL,
	"billing_address_collection" text DEFAULT 'auto' NOT NULL,
	"phone_number_collection" boolean DEFAULT false NOT NULL,
	"subscription_data" jsonb
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" text NOT NULL,
	"price_id" text,
	"description" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"proration" boolean DEFAULT false NOT NULL,
	"discount_amounts" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"billing_reason" text NOT NULL,
	"customer_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"payment_method_id" text,
	"subtotal" numeric(78, 0) DEFAULT 0 NOT NULL,
	"total" numeric(78, 0) DEFAULT 0 NOT NULL,
	"amount_due" numeric(78, 0) DEFAULT 0 NOT NULL,
	"amount_paid" numeric(78, 0) DEFAULT 0 NOT NULL,
	"amount_remaining" numeric(78, 0) DEFAULT 0 NOT NULL,
	"starting_token_balance" numeric(78, 0) DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"due_date" timestamp with time zone,
	"payment_intent_id" text,
	"subscription_id" text,
	"checkout_session_id" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"type" text DEFAULT 'refund' NOT NULL,
	"reason" text,
	"amount" numeric(78, 0) NOT NULL,
	"currency_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"invoice_id" text,
	"customer_id" text,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"last_attempt_error" jsonb
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"request_idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"type" text NOT NULL,
	"mount_location" text NOT NULL,
	"description" text,
	"component_did" text,
	"active" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"redacted" text NOT NULL,
	"source" text DEFAULT 'admin' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"api_key_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_currencies" ADD CONSTRAINT "payment_currencies_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_currencies_list" ON "payment_currencies" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_methods_list" ON "payment_methods" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "prices_list" ON "prices" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "prices_product" ON "prices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_list" ON "products" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_list" ON "customers" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_did" ON "customers" USING btree ("livemode","did") WHERE "customers"."did" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "checkout_sessions_list" ON "checkout_sessions" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_open" ON "checkout_sessions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payment_intents_list" ON "payment_intents" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_links_list" ON "payment_links" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice" ON "invoice_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_list" ON "invoices" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_customer" ON "invoices" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "refunds_list" ON "refunds" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "events_list" ON "events" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "events_object" ON "events" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "payment_settings_mount" ON "payment_settings" USING btree ("livemode","mount_location","type");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_list" ON "api_keys" USING btree ("livemode","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_records_key" ON "idempotency_records" USING btree ("api_key_id","livemode","key");--> statement-breakpoint
CREATE INDEX "idempotency_records_created" ON "idempotency_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idempotency_records_pending" ON "idempotency_records" USING btree ("created_at") WHERE "idempotency_records"."status_code" IS NULL;