CREATE TABLE "store_connect_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sealed" jsonb,
	"approved_by" text,
	"token_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "store_access_tokens" ADD COLUMN "signing_key" text;--> statement-breakpoint
CREATE INDEX "store_connect_sessions_expires" ON "store_connect_sessions" USING btree ("expires_at");