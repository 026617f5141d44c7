-- Every committed change to a checkout session (update, delete, truncate) announces the changed ids on
-- the realtime bus channel, so each process drops those sessions from its in-memory session cache (the
-- one behind the checkout page's retrieve). NOTIFY is delivered at commit and never for a rolled-back
-- change; statement-level triggers catch every writer (API, jobs, manual SQL). Inserts announce
-- nothing: a new id was never cached. Ids go in chunks of 100 to stay under NOTIFY's 8000-byte limit;
-- TRUNCATE announces no ids, which clears the whole cache.
CREATE OR REPLACE FUNCTION payshelf_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chunk text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('payshelf_realtime', json_build_object(
      'id', gen_random_uuid()::text, 'topic', 'internal:sessions', 'event', TG_OP,
      'data', NULL, 'at', floor(extract(epoch FROM clock_timestamp()) * 1000)
    )::text);
    RETURN NULL;
  END IF;
  FOR chunk IN
    SELECT array_agg(id) FROM (
      SELECT id, (row_number() OVER ()) / 100 AS n FROM (SELECT DISTINCT id FROM changed_rows) d
    ) numbered GROUP BY n
  LOOP
    PERFORM pg_notify('payshelf_realtime', json_build_object(
      'id', gen_random_uuid()::text, 'topic', 'internal:sessions', 'event', TG_OP,
      'data', json_build_object('ids', chunk), 'at', floor(extract(epoch FROM clock_timestamp()) * 1000)
    )::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_updated AFTER UPDATE ON checkout_sessions
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_deleted AFTER DELETE ON checkout_sessions
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_truncated AFTER TRUNCATE ON checkout_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_sessions_changed();
