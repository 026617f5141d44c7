CREATE TABLE "allowance_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checkout_session_id" text NOT NULL,
	"customer_id" text,
	"subscription_id" text,
	"rail" text NOT NULL,
	"network" text NOT NULL,
	"currency_id" text NOT NULL,
	"payer" text NOT NULL,
	"spender" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"tx_ref" text NOT NULL,
	"raw" text NOT NULL,
	"status" text NOT NULL,
	"broadcast_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "allowance_grants_tx" ON "allowance_grants" USING btree ("network","tx_ref");--> statement-breakpoint
CREATE INDEX "allowance_grants_session" ON "allowance_grants" USING btree ("checkout_session_id");