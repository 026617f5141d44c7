import { z } from 'zod';
import { accountResponse, accountSessionParams, updateProfileBody } from '../../account.js';
import {
  grantPassportBody,
  memberList,
  memberListQuery,
  passport,
  sessionResponse,
  sessionUser,
} from '../../identity.js';
import { platformMemberParams, platformPassportParams, platformRoute } from './define.js';

const tag = 'Identity';

/** The session, members and their passports, and the user centre's own account. */
export const platformIdentityRoutes = {
  session: platformRoute({
    method: 'GET',
    path: '/api/session',
    access: 'anyone',
    tag,
    summary: 'The signed-in user, or null for a guest',
    response: sessionResponse,
  }),
  logout: platformRoute({
    method: 'POST',
    path: '/api/session/logout',
    access: 'anyone',
    tag,
    summary: 'Sign this browser out',
    response: sessionResponse,
  }),
  members: platformRoute({
    method: 'GET',
    path: '/api/members',
    access: 'admin',
    tag,
    summary: 'Members, searched and paged',
    query: memberListQuery,
    response: memberList,
  }),
  grant: platformRoute({
    method: 'POST',
    path: '/api/members/:did/passports',
    access: 'admin',
    tag,
    summary: 'Grant a member a passport (a role)',
    params: platformMemberParams,
    body: grantPassportBody,
    response: passport,
    status: 201,
  }),
  revoke: platformRoute({
    method: 'DELETE',
    path: '/api/members/:did/passports/:passportId',
    access: 'admin',
    tag,
    summary: "Revoke one of a member's passports",
    params: platformPassportParams,
    response: z.object({ id: z.string(), revoked: z.literal(true) }),
  }),
  account: platformRoute({
    method: 'GET',
    path: '/api/user/account',
    access: 'signedIn',
    tag,
    summary: "The caller's profile and signed-in sessions",
    response: accountResponse,
  }),
  profile: platformRoute({
    method: 'PUT',
    path: '/api/user/profile',
    access: 'signedIn',
    tag,
    summary: "Change the caller's profile",
    body: updateProfileBody,
    response: sessionUser,
  }),
  endSession: platformRoute({
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    access: 'signedIn',
    tag,
    summary: "Sign out one of the caller's sessions",
    params: accountSessionParams,
    response: z.object({ id: z.string(), revoked: z.literal(true) }),
  }),
  endOthers: platformRoute({
    method: 'POST',
    path: '/api/user/sessions/sign-out-others',
    access: 'signedIn',
    tag,
    summary: "Sign out every other session of the caller's",
    response: z.object({ revoked: z.number().int() }),
  }),
  avatar: platformRoute({
    method: 'GET',
    path: '/.well-known/service/user/avatar/:did',
    access: 'anyone',
    tag,
    summary: "A member's avatar image (an identicon when none is kept); `size` in pixels",
    params: platformMemberParams,
    response: z.unknown(),
    file: 'image/*',
  }),
} as const;
