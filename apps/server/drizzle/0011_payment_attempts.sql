CREATE TABLE "payment_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"rail" text NOT NULL,
	"kind" text NOT NULL,
	"network" text NOT NULL,
	"tx_ref" text NOT NULL,
	"raw" text,
	"nonce" bigint,
	"payer" text,
	"status" text DEFAULT 'in_flight' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"broadcast_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rail_nonces" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_once" ON "payment_attempts" USING btree ("network","tx_ref","payment_intent_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_intent" ON "payment_attempts" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_in_flight" ON "payment_attempts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rail_nonces_account" ON "rail_nonces" USING btree ("network","address");