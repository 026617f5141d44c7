// Puts a generated catalog (store-corpus.ts) into the store's tables as publish leaves them: listed,
// a published version each, the weighted search document and trigram text built by the same code.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/database.js';
import { documentSql, documentTexts } from '../../apps/server/src/store/search/document.js';
import type { CorpusApp } from './store-corpus.js';

export const OWNER_DID = 'zBenchOwnerBenchOwner111111';
export const didOf = (i: number) => `zBench${String(i).padStart(22, 'A').replaceAll('0', 'X')}`;

const col = (name: string) => sql.raw(`d.${name}`);

export async function seedCatalog(db: Db, apps: CorpusApp[]): Promise<void> {
  await db.execute(
    sql`INSERT INTO users (did, pk, full_name) VALUES (${OWNER_DID}, '', 'Bench') ON CONFLICT DO NOTHING`,
  );
  await db.execute(
    sql`INSERT INTO store_categories (id, name, name_en, name_zh) VALUES ('catbench', 'bench', 'Bench', '基准') ON CONFLICT DO NOTHING`,
  );
  const document = documentSql({
    title: col('title_t'),
    nameAndKeywords: col('name_t'),
    description: col('description_t'),
    cjkTitle: col('cjk_title'),
    cjkDescription: col('cjk_description'),
  });
  for (let from = 0; from < apps.length; from += 2000) {
    const rows = apps.slice(from, from + 2000).map((app, k) => {
      const t = documentTexts(app.name, app);
      const i = from + k + 1;
      return {
        i,
        did: didOf(i),
        name: app.name,
        title: app.title,
        description: app.description,
        keywords: app.keywords,
        title_t: t.title,
        name_t: t.nameAndKeywords,
        description_t: t.description,
        cjk_title: t.cjkTitle,
        cjk_description: t.cjkDescription,
        search_text: t.searchText,
      };
    });
    await db.execute(sql`
      INSERT INTO store_blocklets (id, did, owner_did, name, title, description, keywords, category_id, search,
        search_text, downloads, published_at)
      SELECT 'blb' || d.i, d.did, ${OWNER_DID}, d.name, d.title, d.description, d.keywords, 'catbench', ${document},
        d.search_text, (d.i * 7919) % 5000, now() - d.i * interval '1 minute'
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS d(i int, did text, name text, title text,
        description text, keywords jsonb, title_t text, name_t text, description_t text, cjk_title text,
        cjk_description text, search_text text)`);
  }
  await db.execute(sql`
    INSERT INTO store_versions (id, blocklet_id, version, status, manifest, size, sha512, storage_path, uploaded_by, published_at)
    SELECT 'blvb' || i, 'blb' || i, '1.0.0', 'published', '{"logo":"logo.png","screenshots":[]}'::jsonb, 1, '',
      'x/1.0.0.tgz', ${OWNER_DID}, now() FROM generate_series(1, ${apps.length}::int) i`);
  await db.execute(sql`
    UPDATE store_blocklets SET current_version_id = 'blvb' || substr(id, 4), latest_version_id = 'blvb' || substr(id, 4)
    WHERE id LIKE 'blb%'`);
  await db.execute(sql`VACUUM ANALYZE store_blocklets`);
  await db.execute(sql`VACUUM ANALYZE store_versions`);
}
