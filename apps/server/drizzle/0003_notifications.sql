CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"receiver" text NOT NULL,
	"severity" text DEFAULT 'normal' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'system' NOT NULL,
	"component_did" text,
	"sticky" boolean DEFAULT false NOT NULL,
	"activity" jsonb,
	"actor_info" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_receiver_created" ON "notifications" USING btree ("receiver","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_receiver_unread" ON "notifications" USING btree ("receiver") WHERE "notifications"."read_at" IS NULL;