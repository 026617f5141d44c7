CREATE TABLE "instance_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task" text NOT NULL,
	"job_key" text,
	"status" text NOT NULL,
	"worker" text NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "realtime_overflow" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_task_key_live" ON "job_runs" USING btree ("task","job_key") WHERE "job_runs"."job_key" IS NOT NULL AND "job_runs"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "job_runs_started_at" ON "job_runs" USING btree ("started_at");