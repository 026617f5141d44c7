CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_kind_name_pk" PRIMARY KEY("day","kind","name")
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_kind_day" ON "analytics_daily" USING btree ("kind","day");