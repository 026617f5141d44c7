// `whoami` and `status`: what the store knows about the token's owner and one of their apps.
import { blockletStatus, WHOAMI } from './endpoints.js';
import { explainFailure, request } from './http.js';

export async function whoami(store: string, token: string): Promise<Record<string, unknown>> {
  const answer = await request(store, WHOAMI, { token });
  if (answer.status !== 200) throw explainFailure(store, answer);
  return (answer.json ?? {}) as Record<string, unknown>;
}

export interface VersionLine {
  version: string;
  status: string;
}

export interface AppStatus {
  did: string;
  name?: string;
  status?: string;
  currentVersion?: string;
  versions: VersionLine[];
}

export async function appStatus(store: string, token: string, did: string): Promise<AppStatus> {
  const answer = await request(store, blockletStatus(did), { token });
  if (answer.status !== 200) throw explainFailure(store, answer);
  const body = (answer.json ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const versions = Array.isArray(body.versions) ? (body.versions as Record<string, unknown>[]) : [];
  return {
    did,
    ...(str(body.name) ? { name: str(body.name) } : {}),
    ...(str(body.status) ? { status: str(body.status) } : {}),
    ...(str(body.currentVersion) ? { currentVersion: str(body.currentVersion) } : {}),
    versions: versions.map((v) => ({ version: str(v.version) ?? '?', status: str(v.status) ?? '?' })),
  };
}

export function formatStatus(s: AppStatus): string {
  const lines = [
    `${s.name ?? s.did} (${s.did})`,
    `  app status: ${s.status ?? 'unknown'}`,
    `  current version: ${s.currentVersion ?? 'none published'}`,
  ];
  for (const v of s.versions) lines.push(`  ${v.version.padEnd(16)} ${v.status}`);
  return lines.join('\n');
}
