CREATE TABLE "webhook_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"delivery_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"attempt" integer NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"error" text,
	"duration_ms" integer NOT NULL,
	"next_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"livemode" boolean NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"enabled_events" jsonb NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"secret_redacted" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_delivery_attempt" ON "webhook_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint" ON "webhook_attempts" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint" ON "webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_list" ON "webhook_endpoints" USING btree ("livemode","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_enabled" ON "webhook_endpoints" USING btree ("livemode") WHERE "webhook_endpoints"."status" = 'enabled';--> statement-breakpoint
-- Every event committed in a mode that has an enabled webhook endpoint queues its fan-out job in the
-- same transaction, whoever wrote it (services, flows, batch SQL): the job exists exactly when the
-- event does. Modes without endpoints pay one index probe per event and queue nothing.
CREATE OR REPLACE FUNCTION payshelf_event_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook_endpoints WHERE livemode = NEW.livemode AND status = 'enabled') THEN
    PERFORM graphile_worker.add_job(
      'payment:webhook-fanout',
      json_build_object('eventId', NEW.id),
      job_key => 'webhook-fanout:' || NEW.id,
      job_key_mode => 'unsafe_dedupe',
      max_attempts => 25
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_webhooks AFTER INSERT ON events
  FOR EACH ROW EXECUTE FUNCTION payshelf_event_webhooks();
