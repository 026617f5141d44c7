CREATE TABLE "rail_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rail" text NOT NULL,
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"reference" text NOT NULL,
	"payer" text NOT NULL,
	"recipient" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rail_transactions_once" ON "rail_transactions" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "rail_transactions_reference" ON "rail_transactions" USING btree ("reference");