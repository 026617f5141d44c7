CREATE TABLE "bitcoin_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"reference" text NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bitcoin_addresses_index" ON "bitcoin_addresses" USING btree ("key_id","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "bitcoin_addresses_reference" ON "bitcoin_addresses" USING btree ("key_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bitcoin_addresses_address" ON "bitcoin_addresses" USING btree ("address");--> statement-breakpoint
CREATE INDEX "bitcoin_addresses_seen" ON "bitcoin_addresses" USING btree ("key_id","seen_at");