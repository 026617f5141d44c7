import {
  errorBody,
  memberList,
  passport,
  type GrantableRole,
  type MemberList,
  type MemberListQuery,
  type Passport,
} from '@payshelf/api';

async function failure(res: Response): Promise<Error> {
  const parsed = errorBody.safeParse(await res.json().catch(() => null));
  return new Error(parsed.success ? parsed.data.error.message : `HTTP ${res.status}`);
}

export async function fetchMembers(
  query: Partial<MemberListQuery>,
  signal?: AbortSignal,
): Promise<MemberList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const res = await fetch(`/api/members?${params.toString()}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw await failure(res);
  return memberList.parse(await res.json());
}

export async function grantPassport(did: string, role: GrantableRole): Promise<Passport> {
  const res = await fetch(`/api/members/${encodeURIComponent(did)}/passports`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ role }),
  });
  if (!res.ok) throw await failure(res);
  return passport.parse(await res.json());
}

export async function revokePassport(did: string, passportId: string): Promise<void> {
  const res = await fetch(
    `/api/members/${encodeURIComponent(did)}/passports/${encodeURIComponent(passportId)}`,
    {
      method: 'DELETE',
      headers: { accept: 'application/json' },
    },
  );
  if (!res.ok) throw await failure(res);
}
