CREATE TABLE "rail_events" (
	"rail" text NOT NULL,
	"event_id" text NOT NULL,
	"method_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rail_events_once" ON "rail_events" USING btree ("rail","event_id");