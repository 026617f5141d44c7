ALTER TABLE "notifications" ADD COLUMN "message" jsonb;
