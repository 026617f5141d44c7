CREATE TABLE "worker_heartbeats" (
	"process" text PRIMARY KEY NOT NULL,
	"queue_workers" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
