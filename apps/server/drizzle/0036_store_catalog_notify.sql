-- Every committed change to what the store's public list shows (applications, their versions,
-- categories, owners' names) announces itself on the realtime bus channel, so each process drops its
-- in-memory list and search answers. NOTIFY is delivered at commit and never for a rolled-back change;
-- statement-level triggers catch every writer (API, review, demo seed, manual SQL). A download only
-- updates store_blocklets.downloads, which announces nothing (cached answers expire on their own).
CREATE OR REPLACE FUNCTION payshelf_store_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payshelf_realtime', json_build_object(
    'id', gen_random_uuid()::text,
    'topic', 'internal:store-catalog',
    'event', TG_TABLE_NAME,
    'data', NULL,
    'at', floor(extract(epoch FROM clock_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER store_blocklets_catalog_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF
  did, owner_did, name, title, description, keywords, category_id, permission, status, block_reason,
  review_type, price_amount, price_currency, current_version_id, latest_version_id, draft_version_id,
  review_version_id, source, search, search_text, updated_at, published_at ON store_blocklets
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_store_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER store_versions_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_versions
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_store_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER store_categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_categories
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_store_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER users_store_catalog_changed AFTER DELETE OR TRUNCATE OR UPDATE OF full_name ON users
  FOR EACH STATEMENT EXECUTE FUNCTION payshelf_store_catalog_changed();
