CREATE TABLE "stock_reservations" (
	"checkout_session_id" text NOT NULL,
	"price_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_checkout_session_id_price_id_pk" PRIMARY KEY("checkout_session_id","price_id")
);
--> statement-breakpoint
CREATE TABLE "payer_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"rail" text NOT NULL,
	"address" text NOT NULL,
	"how" text NOT NULL,
	"proved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"rail" text NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "quantity_reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_reservations_price" ON "stock_reservations" USING btree ("price_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payer_accounts_customer_address" ON "payer_accounts" USING btree ("customer_id","rail","address");--> statement-breakpoint
CREATE INDEX "payer_challenges_customer" ON "payer_challenges" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_quantity_reserved_not_negative" CHECK ("prices"."quantity_reserved" >= 0);