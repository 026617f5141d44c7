CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "store_access_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_did" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"redacted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "store_access_tokens_secret_hash_unique" UNIQUE("secret_hash")
);--> statement-breakpoint
CREATE TABLE "store_blocklets" (
	"id" text PRIMARY KEY NOT NULL,
	"did" text NOT NULL,
	"owner_did" text NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" text,
	"permission" text DEFAULT 'public' NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"block_reason" text,
	"review_type" text DEFAULT 'each' NOT NULL,
	"price_amount" text,
	"price_currency" text,
	"current_version_id" text,
	"latest_version_id" text,
	"draft_version_id" text,
	"review_version_id" text,
	"downloads" bigint DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'cli' NOT NULL,
	"search" "tsvector",
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "store_blocklets_did_unique" UNIQUE("did"),
	CONSTRAINT "store_blocklets_name_unique" UNIQUE("name")
);--> statement-breakpoint
CREATE TABLE "store_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_categories_name_unique" UNIQUE("name")
);--> statement-breakpoint
CREATE TABLE "store_downloads_daily" (
	"blocklet_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_downloads_daily_blocklet_id_day_pk" PRIMARY KEY("blocklet_id","day")
);--> statement-breakpoint
CREATE TABLE "store_review_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"version_id" text NOT NULL,
	"author_did" text NOT NULL,
	"author_role" text NOT NULL,
	"action" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "store_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"blocklet_id" text NOT NULL,
	"version" text NOT NULL,
	"status" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"size" integer NOT NULL,
	"sha512" text NOT NULL,
	"storage_path" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pending_at" timestamp with time zone,
	"in_review_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"in_review_by" text,
	"approved_by" text,
	"rejected_by" text
);--> statement-breakpoint
ALTER TABLE "store_access_tokens" ADD CONSTRAINT "store_access_tokens_user_did_users_did_fk" FOREIGN KEY ("user_did") REFERENCES "public"."users"("did") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_blocklets" ADD CONSTRAINT "store_blocklets_owner_did_users_did_fk" FOREIGN KEY ("owner_did") REFERENCES "public"."users"("did") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_blocklets" ADD CONSTRAINT "store_blocklets_category_id_store_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."store_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_blocklets" ADD CONSTRAINT "store_blocklets_current_version_id_store_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."store_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_blocklets" ADD CONSTRAINT "store_blocklets_latest_version_id_store_versions_id_fk" FOREIGN KEY ("latest_version_id") REFERENCES "public"."store_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_blocklets" ADD CONSTRAINT "store_blocklets_draft_version_id_store_versions_id_fk" FOREIGN KEY ("draft_version_id") REFERENCES "public"."store_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_blocklets" ADD CONSTRAINT "store_blocklets_review_version_id_store_versions_id_fk" FOREIGN KEY ("review_version_id") REFERENCES "public"."store_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_downloads_daily" ADD CONSTRAINT "store_downloads_daily_blocklet_id_store_blocklets_id_fk" FOREIGN KEY ("blocklet_id") REFERENCES "public"."store_blocklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_review_comments" ADD CONSTRAINT "store_review_comments_version_id_store_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."store_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_versions" ADD CONSTRAINT "store_versions_blocklet_id_store_blocklets_id_fk" FOREIGN KEY ("blocklet_id") REFERENCES "public"."store_blocklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_access_tokens_user" ON "store_access_tokens" USING btree ("user_did");--> statement-breakpoint
CREATE INDEX "store_blocklets_owner" ON "store_blocklets" USING btree ("owner_did");--> statement-breakpoint
CREATE INDEX "store_blocklets_search" ON "store_blocklets" USING gin ("search");--> statement-breakpoint
CREATE INDEX "store_blocklets_search_trgm" ON "store_blocklets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_blocklets_listed" ON "store_blocklets" USING btree ("downloads") WHERE "store_blocklets"."current_version_id" IS NOT NULL AND "store_blocklets"."status" = 'normal' AND "store_blocklets"."permission" = 'public';--> statement-breakpoint
CREATE INDEX "store_review_comments_version" ON "store_review_comments" USING btree ("version_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_versions_blocklet_version" ON "store_versions" USING btree ("blocklet_id","version");
