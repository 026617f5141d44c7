// Semantic versions (semver.org 2.0.0): parsing and precedence, so the manifest schema and the store's
// "strictly greater than the latest version" rule agree without a runtime dependency.

/** The official semver.org pattern: MAJOR.MINOR.PATCH, optional -prerelease and +build. */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** Longest version string accepted (semver itself has no limit). */
export const SEMVER_MAX_LENGTH = 64;

export interface Semver {
  major: bigint;
  minor: bigint;
  patch: bigint;
  prerelease: string[];
}

/** The parts of `v`, or null when it is not a semantic version. */
export function parseSemver(v: string): Semver | null {
  if (v.length > SEMVER_MAX_LENGTH) return null;
  const m = SEMVER_PATTERN.exec(v);
  if (!m) return null;
  return {
    major: BigInt(m[1] ?? '0'),
    minor: BigInt(m[2] ?? '0'),
    patch: BigInt(m[3] ?? '0'),
    prerelease: m[4] ? m[4].split('.') : [],
  };
}

const cmp = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

function comparePrerelease(a: string[], b: string[]): number {
  // A version without a prerelease ranks above the same version with one (1.0.0 > 1.0.0-rc.1).
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : a.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) {
      const c = cmp(BigInt(x), BigInt(y));
      if (c !== 0) return c;
    } else if (xn !== yn) return xn ? -1 : 1;
    else if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Semver precedence of `a` against `b`: -1, 0 or 1 (build metadata is ignored, as semver says).
 * Throws on a string that is not a semantic version.
 */
export function compareSemver(a: string, b: string): -1 | 0 | 1 {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) throw new Error(`not a semantic version: ${x ? b : a}`);
  const c =
    cmp(x.major, y.major) ||
    cmp(x.minor, y.minor) ||
    cmp(x.patch, y.patch) ||
    comparePrerelease(x.prerelease, y.prerelease);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}
