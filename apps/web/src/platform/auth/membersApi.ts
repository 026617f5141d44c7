import {
  platformIdentityRoutes as identity,
  type GrantableRole,
  type MemberList,
  type MemberListQuery,
  type Passport,
} from '@payshelf/api';
import { platformCall } from '../api/platformCall';

export async function fetchMembers(
  query: Partial<MemberListQuery>,
  signal?: AbortSignal,
): Promise<MemberList> {
  return platformCall(identity.members, { query }, signal);
}

export async function grantPassport(did: string, role: GrantableRole): Promise<Passport> {
  return platformCall(identity.grant, { params: { did }, body: { role } });
}

export async function revokePassport(did: string, passportId: string): Promise<void> {
  await platformCall(identity.revoke, { params: { did, passportId } });
}
