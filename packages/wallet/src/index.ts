export { defaultAnswerers, type ClaimAnswer, type ClaimAnswerer, type ClaimContext } from './claims.js';
export { authUrlFromDeepLink, sameOrigin } from './deeplink.js';
export { loadOrCreateKey, type KeyFile, type LoadedKey, type WalletProfile } from './keyfile.js';
export {
  claimRequest,
  finalResponse,
  signedEnvelope,
  type ClaimRequest,
  type FinalResponse,
} from './messages.js';
export {
  DidConnectError,
  HeadlessWallet,
  type ApproveResult,
  type Decision,
  type Transport,
  type WalletOptions,
} from './wallet.js';
