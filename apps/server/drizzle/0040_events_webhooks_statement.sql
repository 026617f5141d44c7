-- The webhook fan-out trigger on events runs once per INSERT statement instead of once per row: a
-- batch renewal inserts 1,500 events in one statement, and a row trigger's plpgsql call per event cost
-- more than the rest of their insert. The rule stays the same: every committed event of a mode with an
-- enabled webhook endpoint queues its fan-out job (one per event, keyed by the event) in the same
-- transaction; modes without endpoints queue nothing.
CREATE OR REPLACE FUNCTION payshelf_event_webhooks_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ev record;
BEGIN
  FOR ev IN
    SELECT n.id FROM new_events n
    WHERE EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.livemode = n.livemode AND w.status = 'enabled')
  LOOP
    PERFORM graphile_worker.add_job(
      'payment:webhook-fanout',
      json_build_object('eventId', ev.id),
      job_key => 'webhook-fanout:' || ev.id,
      job_key_mode => 'unsafe_dedupe',
      max_attempts => 25
    );
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER events_webhooks ON events;
--> statement-breakpoint
DROP FUNCTION payshelf_event_webhooks();
--> statement-breakpoint
CREATE TRIGGER events_webhooks AFTER INSERT ON events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_event_webhooks_statement();
