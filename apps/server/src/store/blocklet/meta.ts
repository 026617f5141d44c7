import type { BlockletDist } from '@payshelf/api';
import type { StoreVersionRow } from '../../db/schema/index.js';
import type { BlockletView } from '../repo.js';

/** Blocklet Server refuses a description outside 3 to 160 characters. */
const DESCRIPTION_MAX = 160;

/** The Subresource Integrity string of a sha512 digest given in hex: `sha512-<base64>`. */
export function sriSha512(hex: string): string {
  return `sha512-${Buffer.from(hex, 'hex').toString('base64')}`;
}

/** The sha512 hex digest an SRI string names, or null when it names no sha512. */
export function sha512OfSri(sri: string): string | null {
  const match = /^sha512-([A-Za-z0-9+/]{86}==)$/.exec(sri.trim().split(/\s+/)[0] ?? '');
  return match?.[1] ? Buffer.from(match[1], 'base64').toString('hex') : null;
}

/** `base` is the store's absolute URL prefix (origin and mount point, no trailing slash). */
function versionBase(base: string, did: string, version: string): string {
  return `${base}/api/blocklets/${did}/${encodeURIComponent(version)}`;
}

/** Where Blocklet Server downloads a version: its tarball URL, SRI integrity and size. */
export function distOf(base: string, did: string, name: string, row: StoreVersionRow): BlockletDist {
  const file = `${encodeURIComponent(name)}-${encodeURIComponent(row.version)}.tgz`;
  return {
    tarball: `${versionBase(base, did, row.version)}/${file}`,
    integrity: sriSha512(row.sha512),
    size: row.size,
  };
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * The blocklet meta of a version, as Blocklet Server reads it: the meta `blocklet upload` signed
 * (kept whole, signatures included) or, for bundles uploaded otherwise, one derived from the store
 * manifest. Either way `dist` points at this store's copy and `logoUrl` at its logo route.
 */
export function blockletMetaOf(
  view: BlockletView,
  row: StoreVersionRow,
  base: string,
): Record<string, unknown> {
  const { did, name } = view.row;
  const manifest = row.manifest;
  const dist = distOf(base, did, name, row);
  const hasLogo = typeof manifest.logo === 'string' && manifest.logo !== '';
  const logoUrl = hasLogo ? `${versionBase(base, did, row.version)}/assets/logo` : undefined;
  if (row.blockletMeta) return { ...row.blockletMeta, dist, ...(logoUrl ? { logoUrl } : {}) };
  const description = String(manifest.description ?? view.row.description);
  return {
    did,
    name,
    version: row.version,
    title: typeof manifest.title === 'string' ? manifest.title : view.row.title,
    description:
      description.length > DESCRIPTION_MAX ? `${description.slice(0, DESCRIPTION_MAX - 1)}…` : description,
    keywords: strings(manifest.keywords),
    ...(hasLogo ? { logo: String(manifest.logo), logoUrl } : {}),
    screenshots: strings(manifest.screenshots),
    author: { name: view.ownerName || view.row.ownerDid },
    dist,
  };
}
