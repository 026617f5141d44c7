ALTER TABLE "store_access_tokens" ADD COLUMN "wallet_did" text;--> statement-breakpoint
ALTER TABLE "store_access_tokens" ADD COLUMN "wallet_pk" text;--> statement-breakpoint
ALTER TABLE "store_versions" ADD COLUMN "blocklet_meta" jsonb;--> statement-breakpoint
ALTER TABLE "store_access_tokens" ADD CONSTRAINT "store_access_tokens_wallet_did_unique" UNIQUE("wallet_did");