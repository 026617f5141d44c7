// `connect`: get an access token by approving in the browser with the wallet instead of pasting one.
// The CLI starts a session with a fresh X25519 public key, opens the store's /connect-cli page, and
// polls until the store hands the new token over sealed to that key (docs/store-cli.md).
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { CONNECT_SESSIONS, connectSession } from './endpoints.js';
import { CliError } from './errors.js';
import { explainFailure, request } from './http.js';
import { createHandoffKeys, openHandoff } from './seal.js';

const session = z.object({
  id: z.string().min(16).max(128),
  url: z.string().url(),
  /** Short code the page shows too, so the user can tell it is their own session. */
  code: z.string().max(16).optional(),
  pollInterval: z.number().int().min(1).max(30).optional(),
  expiresIn: z.number().int().min(1).max(3600).optional(),
});
const sealed = z.object({ ephemeralPublicKey: z.string(), iv: z.string(), ciphertext: z.string() });
const poll = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('approved'), sealed }),
  z.object({ status: z.literal('error'), code: z.string(), message: z.string().optional() }),
]);
const handoff = z.object({
  token: z.string().min(1),
  did: z.string().optional(),
  name: z.string().optional(),
  /** A wallet credential for the blocklet CLI (`blocklet config set accessToken`), and its developer DID. */
  secretKey: z.string().optional(),
  developerDid: z.string().optional(),
});
export type Handoff = z.infer<typeof handoff>;

/** The three connect errors of the store, and anything else it reports, as one clear sentence. */
export function connectErrorMessage(code: string, message?: string): string {
  if (code === 'session_invalid' || code === 'session_expired') {
    return 'The connect session is invalid or has expired. Run payshelf-store connect again.';
  }
  if (code === 'connection_failed') {
    return `The wallet connection failed${message ? ` (${message})` : ''}. Run payshelf-store connect again.`;
  }
  if (code === 'no_developer_nft') {
    return 'This wallet holds no developer passport (developer NFT) for this store. Join as a developer or ask the store admin for an invitation.';
  }
  return `Connect failed: ${message ?? code}`;
}

export function openInBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No browser here: the address is printed anyway.
  }
}

export interface ConnectOptions {
  openBrowser: boolean;
  log: (line: string) => void;
  /** Overrides the store's poll interval (tests). */
  pollIntervalMs?: number;
}

export async function connect(store: string, options: ConnectOptions): Promise<Handoff> {
  const keys = createHandoffKeys();
  const started = await request(store, CONNECT_SESSIONS, {
    method: 'POST',
    body: { publicKey: keys.publicKey },
  });
  if (started.status !== 200 && started.status !== 201) throw explainFailure(store, started);
  const s = session.safeParse(started.json);
  if (!s.success) throw new CliError(`The store at ${store} does not support connect (unexpected answer).`);
  options.log(`Open this address and approve with your wallet:\n\n  ${s.data.url}\n`);
  if (s.data.code) options.log(`Check that the page shows the code ${s.data.code}.`);
  if (options.openBrowser) openInBrowser(s.data.url);

  const interval = options.pollIntervalMs ?? (s.data.pollInterval ?? 2) * 1000;
  const deadline = Date.now() + (s.data.expiresIn ?? 300) * 1000;
  let failures = 0;
  while (Date.now() < deadline) {
    await sleep(interval);
    let answer;
    try {
      answer = await request(store, connectSession(s.data.id), { timeoutMs: 15_000 });
      failures = 0;
    } catch (error) {
      // A short network hiccup is retried; three in a row are reported.
      if (++failures >= 3) throw error;
      continue;
    }
    if (answer.status === 404 || answer.status === 410)
      throw new CliError(connectErrorMessage('session_expired'));
    if (answer.status !== 200) throw explainFailure(store, answer);
    const p = poll.safeParse(answer.json);
    if (!p.success) throw new CliError('The store answered the connect poll with something unexpected.');
    if (p.data.status === 'pending') continue;
    if (p.data.status === 'error') throw new CliError(connectErrorMessage(p.data.code, p.data.message));
    let opened: string;
    try {
      opened = openHandoff(keys, p.data.sealed);
    } catch {
      throw new CliError('The token handed over could not be decrypted; run payshelf-store connect again.');
    }
    let json: unknown = null;
    try {
      json = JSON.parse(opened);
    } catch {
      json = null;
    }
    const h = handoff.safeParse(json);
    if (!h.success)
      throw new CliError('The token handed over is malformed; run payshelf-store connect again.');
    return h.data;
  }
  throw new CliError(connectErrorMessage('session_expired'));
}
