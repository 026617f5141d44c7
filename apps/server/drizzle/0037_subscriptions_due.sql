-- The due rows of one clock (or of real time) in the order a batch renewal takes them, so its LIMIT
-- reads the first due entries instead of sorting every row of the clock.
CREATE INDEX "subscriptions_due" ON "subscriptions" USING btree ("test_clock_id","current_period_end","id") WHERE "subscriptions"."status" in ('trialing', 'active', 'past_due', 'paused');
