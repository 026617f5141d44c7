CREATE TABLE "coupon_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"coupon_id" text NOT NULL,
	"promotion_code_id" text,
	"customer_id" text,
	"checkout_session_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text,
	"percent_off" text,
	"amount_off" numeric(78, 0),
	"currency_id" text,
	"currency_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration" text NOT NULL,
	"duration_in_months" integer,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"redeem_by" timestamp with time zone,
	"applies_to_products" jsonb,
	"valid" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_redemptions_within_max" CHECK ("coupons"."max_redemptions" IS NULL OR "coupons"."times_redeemed" <= "coupons"."max_redemptions"),
	CONSTRAINT "coupons_redemptions_not_negative" CHECK ("coupons"."times_redeemed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"coupon_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"first_time_transaction" boolean DEFAULT false NOT NULL,
	"minimum_amount" numeric(78, 0),
	"minimum_amount_currency_id" text,
	"per_customer_limit" integer,
	CONSTRAINT "promotion_codes_redemptions_within_max" CHECK ("promotion_codes"."max_redemptions" IS NULL OR "promotion_codes"."times_redeemed" <= "promotion_codes"."max_redemptions"),
	CONSTRAINT "promotion_codes_redemptions_not_negative" CHECK ("promotion_codes"."times_redeemed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"percentage" text NOT NULL,
	"inclusive" boolean NOT NULL,
	"jurisdiction" text,
	"country" text,
	"state" text
);
--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "tax_rate_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "allow_promotion_codes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "tax_rate_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "coupon_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "promotion_code_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "total_breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "total_discount" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "total_tax" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "total_breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "coupon_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "promotion_code_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "discount_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "discount_invoices" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "tax_rate_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_session" ON "coupon_redemptions" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_code_customer" ON "coupon_redemptions" USING btree ("promotion_code_id","customer_id");--> statement-breakpoint
CREATE INDEX "coupons_list" ON "coupons" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "promotion_codes_list" ON "promotion_codes" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code" ON "promotion_codes" USING btree ("livemode",lower("code"));--> statement-breakpoint
CREATE INDEX "tax_rates_list" ON "tax_rates" USING btree ("livemode","created_at","id");