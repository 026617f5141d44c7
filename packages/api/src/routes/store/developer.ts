import { z } from 'zod';
import { rawPublicKey, developerProfile } from '../../store/connect.js';
import {
  accessToken,
  accessTokenCreate,
  blockletCreate,
  blockletOwnerUpdate,
  commentBody,
  ownedBlocklet,
  reviewComment,
  reviewVersionBody,
  uploadResult,
} from '../../store/developer.js';
import { storeDidParams, storeIdParams, storeRoute } from './define.js';

const tag = 'Store developer';
const list = <T extends z.ZodType>(item: T) => z.object({ dataList: z.array(item) });

/**
 * The upload paths: the reference's and the CLI's, each by POST or PUT. The body is the raw bundle
 * (token or session), or the blocklet CLI's multipart form signed by its wallet credential.
 */
export const storeUploadRoutes = (['/blocklets/upload', '/developer/blocklets/upload'] as const).flatMap(
  (path) =>
    (['POST', 'PUT'] as const).map((method) =>
      storeRoute({
        method,
        path,
        access: 'developerOrSigned',
        tag,
        summary:
          'Upload a bundle (application/gzip body, or the blocklet CLI form: blocklet-meta, blocklet-tarball, source): a new application or a new version',
        response: uploadResult,
      }),
    ),
);

/** A developer's own applications, their review threads and access tokens. */
export const storeDeveloperRoutes = {
  whoami: storeRoute({
    method: 'GET',
    path: '/developer/whoami',
    access: 'developerOrToken',
    tag,
    summary: 'The developer calling, and the access token used if any',
    response: z.object({ did: z.string(), fullName: z.string(), tokenName: z.string().nullable() }),
  }),
  mine: storeRoute({
    method: 'GET',
    path: '/developer/blocklets',
    access: 'developerOrToken',
    tag,
    summary: "The caller's applications, newest change first",
    response: list(ownedBlocklet),
  }),
  create: storeRoute({
    method: 'POST',
    path: '/developer/blocklets',
    access: 'developer',
    tag,
    summary: 'Create an application before its first upload',
    body: blockletCreate,
    response: ownedBlocklet,
    status: 201,
  }),
  one: storeRoute({
    method: 'GET',
    path: '/developer/blocklets/:did',
    access: 'developerOrToken',
    tag,
    summary: "One of the caller's applications",
    params: storeDidParams,
    response: ownedBlocklet,
  }),
  update: storeRoute({
    method: 'PUT',
    path: '/developer/blocklets/:did',
    access: 'developer',
    tag,
    summary: "Change one of the caller's applications (its permission)",
    params: storeDidParams,
    body: blockletOwnerUpdate,
    response: ownedBlocklet,
  }),
  requestReview: storeRoute({
    method: 'PUT',
    path: '/developer/blocklets/:did/request-review',
    access: 'developerOrToken',
    tag,
    summary: 'Ask for a review of an uploaded version',
    params: storeDidParams,
    body: reviewVersionBody,
    response: ownedBlocklet,
  }),
  cancelReview: storeRoute({
    method: 'PUT',
    path: '/developer/blocklets/:did/cancel-review',
    access: 'developerOrToken',
    tag,
    summary: 'Withdraw a version from review',
    params: storeDidParams,
    body: reviewVersionBody,
    response: ownedBlocklet,
  }),
  comments: storeRoute({
    method: 'GET',
    path: '/blocklets/:did/comments',
    access: 'signedIn',
    tag,
    summary: "An application's review thread (its owner and store admins)",
    params: storeDidParams,
    response: list(reviewComment),
  }),
  comment: storeRoute({
    method: 'POST',
    path: '/blocklets/:did/comments',
    access: 'signedIn',
    tag,
    summary: "Add to an application's review thread (its owner and store admins)",
    params: storeDidParams,
    body: commentBody,
    response: reviewComment,
    status: 201,
  }),
  tokens: storeRoute({
    method: 'GET',
    path: '/developer/access-tokens',
    access: 'developer',
    tag,
    summary: "The caller's access tokens (secrets redacted)",
    response: list(accessToken),
  }),
  createToken: storeRoute({
    method: 'POST',
    path: '/developer/access-tokens',
    access: 'developer',
    tag,
    summary: 'Create an access token (its secret is shown once, here)',
    body: accessTokenCreate,
    response: accessToken,
    status: 201,
  }),
  revokeToken: storeRoute({
    method: 'DELETE',
    path: '/developer/access-tokens/:id',
    access: 'developer',
    tag,
    summary: "Revoke one of the caller's access tokens",
    params: storeIdParams,
    response: accessToken,
  }),
  profile: storeRoute({
    method: 'GET',
    path: '/developers/:did',
    access: 'signedIn',
    tag,
    summary: "A developer's public profile and listed applications",
    params: z.object({ did: z.string().regex(/^z[1-9A-HJ-NP-Za-km-z]{20,64}$/) }),
    response: developerProfile,
  }),
  keyDid: storeRoute({
    method: 'POST',
    path: '/gen-key-pair/did',
    access: 'signedIn',
    tag,
    summary: 'The application DID of a public key',
    body: z.object({ publicKey: rawPublicKey }).strict(),
    response: z.object({ did: z.string() }),
  }),
} as const;
