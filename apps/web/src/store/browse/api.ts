import {
  ApiCallError,
  callRoute,
  routeUrl,
  storePublicRoutes as routes,
  type AnswerOf,
  type BlockletDetail,
  type BlockletList,
  type BlockletVersion,
  type CallableRoute,
  type CallInput,
  type Category,
} from '@payshelf/api';
import { STORE_API } from '../dev/api';
import { listSearch, type ListState } from './listState';

/** An answer the page shows as "not found" rather than as an error. */
export class NotFoundError extends Error {}

/**
 * One read of the store's public table; the answer is parsed by the entry's own schema. A 404 is a
 * `NotFoundError`; any other failure an `Error` with the server's message.
 */
async function read<E extends CallableRoute>(
  entry: E,
  input: CallInput<E>,
  signal?: AbortSignal,
): Promise<AnswerOf<E>> {
  try {
    return await callRoute(entry, input, { base: STORE_API, signal });
  } catch (err) {
    if (err instanceof ApiCallError && err.status === 404) throw new NotFoundError('not found');
    if (err instanceof ApiCallError) throw new Error(err.message);
    throw err;
  }
}

/** The address of an application's logo or screenshot (`logo`, `screenshots/{index}`) for an `<img>`. */
export function assetPath(did: string, version: string, asset: 'logo' | `screenshots/${number}`): string {
  if (asset === 'logo') return routeUrl(routes.logo, { params: { did, version } }, { base: STORE_API });
  const index = asset.slice('screenshots/'.length);
  return routeUrl(routes.screenshot, { params: { did, version, index } }, { base: STORE_API });
}

export async function fetchList(
  state: ListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<BlockletList> {
  const query = Object.fromEntries(new URLSearchParams(listSearch(state, pageSize)));
  return read(routes.list, { query }, signal);
}

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await read(routes.categories, {}, signal)).dataList;
}

export async function fetchDetail(did: string, signal?: AbortSignal): Promise<BlockletDetail> {
  return read(routes.detail, { params: { did } }, signal);
}

export async function fetchVersions(did: string, signal?: AbortSignal): Promise<BlockletVersion[]> {
  return (await read(routes.versions, { params: { did } }, signal)).dataList;
}

export type Downloads = AnswerOf<typeof routes.downloads>;

export async function fetchDownloads(did: string, days: number, signal?: AbortSignal): Promise<Downloads> {
  return read(routes.downloads, { params: { did }, query: { days } }, signal);
}

/** The README of a version as HTML the server has sanitised (allow-listed tags, http(s) links only). */
export async function fetchReadme(did: string, version: string, signal?: AbortSignal): Promise<string> {
  return (await read(routes.readme, { params: { did, version } }, signal)).html;
}
