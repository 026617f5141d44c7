import {
  blockletDetail,
  blockletList,
  blockletVersion,
  category,
  errorBody,
  type BlockletDetail,
  type BlockletList,
  type BlockletVersion,
  type Category,
} from '@payshelf/api';
import { z } from 'zod';
import { listSearch, type ListState } from './listState';

/** An answer the page shows as "not found" rather than as an error. */
export class NotFoundError extends Error {}

async function get(path: string, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(path, { headers: { accept: 'application/json' }, signal });
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 404) throw new NotFoundError('not found');
  if (!res.ok) {
    const parsed = errorBody.safeParse(body);
    throw new Error(parsed.success ? parsed.data.error.message : `HTTP ${res.status}`);
  }
  return body;
}

export const assetPath = (did: string, version: string, asset: string) =>
  `/api/blocklets/${encodeURIComponent(did)}/${encodeURIComponent(version)}/assets/${asset}`;

export async function fetchList(
  state: ListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<BlockletList> {
  return blockletList.parse(await get(`/api/blocklets.json?${listSearch(state, pageSize)}`, signal));
}

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return z.object({ dataList: z.array(category) }).parse(await get('/api/blocklets/categories', signal))
    .dataList;
}

export async function fetchDetail(did: string, signal?: AbortSignal): Promise<BlockletDetail> {
  return blockletDetail.parse(await get(`/api/blocklets/${encodeURIComponent(did)}/blocklet.json`, signal));
}

export async function fetchVersions(did: string, signal?: AbortSignal): Promise<BlockletVersion[]> {
  return z
    .object({ dataList: z.array(blockletVersion) })
    .parse(await get(`/api/blocklets/${encodeURIComponent(did)}/versions`, signal)).dataList;
}

const downloads = z.object({
  total: z.number(),
  dataList: z.array(z.object({ day: z.string(), count: z.number() })),
});
export type Downloads = z.infer<typeof downloads>;

export async function fetchDownloads(did: string, days: number, signal?: AbortSignal): Promise<Downloads> {
  return downloads.parse(
    await get(`/api/blocklets/${encodeURIComponent(did)}/downloads?days=${days}`, signal),
  );
}

/** The README of a version as HTML the server has sanitised (allow-listed tags, http(s) links only). */
export async function fetchReadme(did: string, version: string, signal?: AbortSignal): Promise<string> {
  return z.object({ html: z.string() }).parse(await get(assetPath(did, version, 'readme'), signal)).html;
}
