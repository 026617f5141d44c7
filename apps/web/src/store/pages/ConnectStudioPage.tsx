import { ConnectCliPage } from './ConnectCliPage';

/**
 * `/connect-studio?session=…`: a studio (or any development tool) gets an access token the same way the
 * command-line tool does: it starts a connect session with its own X25519 key, opens this page, and
 * receives the token sealed to that key once the developer approves with the wallet.
 */
export function ConnectStudioPage() {
  return <ConnectCliPage kind="connectStudio" />;
}
