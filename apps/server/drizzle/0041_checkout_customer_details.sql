-- The contact details typed at checkout belong to that checkout and its invoice; the signed-in
-- customer's own record changes only when they choose to save them (issue 20, item 3).
ALTER TABLE "checkout_sessions" ADD COLUMN "customer_details" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_details" jsonb;
