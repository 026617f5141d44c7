// The store endpoints the CLI calls (docs/store-cli.md describes each request and answer).

/** Store facts: `{ id, name, maxBundleSize: "100 MiB", maxBundleBytes }`. Public. */
export const STORE_INFO = '/api/store.json';
/** Upload a bundle: raw .tgz body, `Authorization: Bearer`, `x-bundle-sha512`. */
export const UPLOAD = '/api/developer/blocklets/upload';
/** The token's owner: `{ did, fullName?, tokenName? }`. Bearer. */
export const WHOAMI = '/api/developer/whoami';
/** One of the developer's apps with its versions. Bearer. */
export const blockletStatus = (did: string) => `/api/developer/blocklets/${encodeURIComponent(did)}`;
/** Start a connect-CLI session: body `{ publicKey }`. */
export const CONNECT_SESSIONS = '/api/connect-cli/sessions';
/** Poll a connect-CLI session. */
export const connectSession = (id: string) => `${CONNECT_SESSIONS}/${encodeURIComponent(id)}`;
/** Ask for (`request`) or withdraw (`cancel`) the review of a version: PUT `{ version }`. Bearer, owner. */
export const reviewAction = (did: string, action: 'request' | 'cancel') =>
  `${blockletStatus(did)}/${action}-review`;
