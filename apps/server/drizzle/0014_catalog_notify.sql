-- Every committed change to the catalog (products, prices, links, methods, currencies) or to which API
-- keys are valid announces itself on the realtime bus channel, so each process drops its in-memory
-- catalog cache. NOTIFY is delivered at commit and never for a rolled-back change; statement-level
-- triggers catch every writer (API, demo seed, stock counting at completion, manual SQL).
CREATE OR REPLACE FUNCTION payshelf_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payshelf_realtime', json_build_object(
    'id', gen_random_uuid()::text,
    'topic', 'internal:catalog',
    'event', TG_TABLE_NAME,
    'data', NULL,
    'at', floor(extract(epoch FROM clock_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER prices_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prices
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER payment_links_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_links
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER payment_methods_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_methods
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER payment_currencies_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_currencies
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_catalog_changed();
--> statement-breakpoint
-- Last use (last_used_at) is advisory and written often: it does not invalidate.
CREATE TRIGGER api_keys_catalog_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF revoked_at, secret_hash, livemode ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_catalog_changed();
