// Webhook endpoints' signing secrets are sealed with the instance's SecretBox (core/secret-box.ts),
// under the key of their own kind.
export { SecretBox } from '../../core/secret-box.js';
