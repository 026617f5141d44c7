-- Issue 20 item 3: the contact details typed at checkout belong to that checkout and its invoice; the
-- signed-in customer's own record changes only when they choose to save them.
-- Issue 20 item 4: settling an invoice closes the customer's intents still waiting to pay it, found
-- through this partial index (waiting intents per customer).
ALTER TABLE "checkout_sessions" ADD COLUMN "customer_details" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_details" jsonb;--> statement-breakpoint
CREATE INDEX "payment_intents_waiting" ON "payment_intents" USING btree ("customer_id") WHERE "payment_intents"."status" in ('requires_payment_method', 'requires_confirmation', 'requires_action');
