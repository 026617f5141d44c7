-- A price a customer may switch a subscription to in the portal (besides the other prices of its own
-- product), when its interval and currency fit: set by the merchant (price create/update `switchable`).
ALTER TABLE "prices" ADD COLUMN "switchable" boolean DEFAULT false NOT NULL;
