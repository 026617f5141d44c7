// The web app calls the API only through the typed client built from the route table (@payshelf/api
// `callRoute`, and the thin per-part wrappers on it: admin.call, storeCall, platformCall). A bare
// `fetch(` or `apiRequest(` in the sources is a hand-built path; the ones that remain are listed
// below with their count, so the list can only shrink: a new one fails, and converting one fails
// until its count here is lowered too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');

/** `fetch(` or `apiRequest(` called by name (not `refetch(`, not a method such as `x.fetch(`). */
const CALL = /(?<![\w.$])(?:fetch|apiRequest)\(/g;

/** What remains, by file (relative to apps/web/src) and count. */
const ALLOWED: Record<string, number> = {
  // A local function named fetch (the portal's detail loader), not the global.
  'payment/portal/usePortalDetail.ts': 1,
  // No route entry: the checkout's DID Connect token (`/api/did/:action/token`), as below.
  'payment/checkout/useConnectAction.ts': 1,
  // Not the API: the icon sets are static files (an injectable fetch for tests).
  'header/icon/fetchIconSet.ts': 1,
  // The host's `/__blocklet__.js?type=json` (entry `platformAssetRoutes.hostInfo`), read leniently on
  // purpose: every field has a default, so a partial answer still renders the app.
  'platform/config/appConfig.ts': 1,
  // No route entry: DID Connect (`/api/did/:action/token|status|timeout|dev-approve`) is served by the
  // identity library, outside the platform's route table.
  'platform/auth/connectApi.ts': 4,
  // Route entries exist, but these readers are lenient on purpose (a malformed item is dropped or
  // defaulted rather than failing the header), and the notification service answers errors as a
  // top-level `message`, not the one error shape; moving them to the entries' strict schemas is a
  // behaviour change left for a decision.
  'header/nav/navigationAnswer.ts': 1,
  'header/notifications/notificationsApi.ts': 3,
  'platform/session/useHeaderSession.ts': 1,
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function callCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of sources(ROOT)) {
    const found = readFileSync(file, 'utf8').match(CALL)?.length ?? 0;
    if (found > 0) counts[relative(ROOT, file).split(sep).join('/')] = found;
  }
  return counts;
}

describe('the web app calls the API through the route table', () => {
  it('has no fetch( or apiRequest( beyond the allow-list, and the list matches what remains', () => {
    expect(callCounts()).toEqual(ALLOWED);
  });

  it('finds a bare call and ignores refetch and methods', () => {
    const sample = 'fetch(a); apiRequest(b); query.refetch(); x.fetch(c); void fetch(d)';
    expect(sample.match(CALL)).toHaveLength(3);
  });
});
