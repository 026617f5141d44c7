/** Strict semantic versions (2.0.0): MAJOR.MINOR.PATCH, optional pre-release, build metadata ignored. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

interface Parsed {
  core: [bigint, bigint, bigint];
  pre: string[];
}

function parse(v: string): Parsed | null {
  const m = SEMVER.exec(v);
  if (!m) return null;
  return {
    core: [BigInt(m[1] ?? '0'), BigInt(m[2] ?? '0'), BigInt(m[3] ?? '0')],
    pre: m[4] ? m[4].split('.') : [],
  };
}

export function isSemver(v: string): boolean {
  return v.length <= 64 && parse(v) !== null;
}

function compareIdentifier(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return BigInt(a) === BigInt(b) ? 0 : BigInt(a) < BigInt(b) ? -1 : 1;
  if (an) return -1;
  if (bn) return 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** -1, 0 or 1 by semver precedence; throws on a version that is not semver. */
export function compareSemver(a: string, b: string): number {
  const pa = parse(a);
  const pb = parse(b);
  if (!pa || !pb) throw new Error(`not a semantic version: ${pa ? b : a}`);
  for (let i = 0; i < 3; i++) {
    const x = pa.core[i] ?? 0n;
    const y = pb.core[i] ?? 0n;
    if (x !== y) return x < y ? -1 : 1;
  }
  if (pa.pre.length === 0 || pb.pre.length === 0)
    return pa.pre.length === pb.pre.length ? 0 : pa.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(pa.pre.length, pb.pre.length); i++) {
    const x = pa.pre[i];
    const y = pb.pre[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const c = compareIdentifier(x, y);
    if (c !== 0) return c;
  }
  return 0;
}
