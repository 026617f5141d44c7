export { main, USAGE, type Io } from './main.js';
export { parseCommandLine, normalizeStoreUrl, type ParsedArgs } from './args.js';
export { buildBundle, writeBundle, readManifest, type BuiltBundle } from './bundle.js';
export { publish, type PublishResult } from './publish.js';
export { connect, connectErrorMessage, type Handoff } from './connect.js';
export { createHandoffKeys, openHandoff, sealHandoff, type HandoffKeys, type SealedBox } from './seal.js';
export { tarFiles, type TarFile } from './tar.js';
export { CliError } from './errors.js';
export { signBundle, signingPublicKey, verifyBundleSignature, signedMessage } from './signing.js';
