CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_ms" integer NOT NULL,
	"window_index" bigint NOT NULL,
	"hits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_ms_window_index_pk" PRIMARY KEY("key","window_ms","window_index")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_created_at" ON "rate_limit_hits" USING btree ("created_at");