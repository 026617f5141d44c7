-- The customer credit balance ledger: every movement of a customer's per-currency credit, and the
-- current balance per (customer, currency), kept in step under that row's lock and never negative.
CREATE TABLE "customer_balance_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"ending_balance" numeric(78, 0) NOT NULL,
	"invoice_id" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "customer_balances" (
	"customer_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"balance" numeric(78, 0) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_balances_customer_id_currency_id_pk" PRIMARY KEY("customer_id","currency_id"),
	CONSTRAINT "customer_balances_not_negative" CHECK ("customer_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE INDEX "customer_balance_transactions_list" ON "customer_balance_transactions" USING btree ("customer_id","livemode","created_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_balance_transactions_invoice" ON "customer_balance_transactions" USING btree ("invoice_id","type") WHERE "customer_balance_transactions"."invoice_id" IS NOT NULL;
