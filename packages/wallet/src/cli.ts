import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadOrCreateKey } from './keyfile.js';
import { DidConnectError, HeadlessWallet } from './wallet.js';

const USAGE = `Usage: npm run wallet -- <command> [options]

Commands:
  approve "<deep link>"   answer a DID Connect request (sign in, approve a payment)
  decline "<deep link>"   refuse a DID Connect request
  whoami                  print this wallet's DID

Options:
  --key <file>      key file (created on first use, mode 600);
                    default: $DATA_DIR/secrets/dev-wallet.json (DATA_DIR defaults to ./data),
                    the same key the server's "Approve with test wallet" uses
  --name <name>     full name to answer profile requests with (saved in a new key file)
  --email <email>   email to answer profile requests with (saved in a new key file)
  --json            print the result as JSON`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      key: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, link] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  const file = path.resolve(
    values.key ?? path.join(process.env.DATA_DIR ?? './data', 'secrets', 'dev-wallet.json'),
  );
  const key = await loadOrCreateKey(file, {
    fullName: values.name ?? 'Test User',
    email: values.email ?? 'test.user@example.com',
  });
  const profile = {
    ...key.profile,
    ...(values.name ? { fullName: values.name } : {}),
    ...(values.email ? { email: values.email } : {}),
  };
  const wallet = new HeadlessWallet(key.wallet, { profile });
  const print = (value: Record<string, unknown>, text: string) =>
    console.log(values.json ? JSON.stringify(value) : text);

  if (command === 'whoami') {
    print({ did: wallet.did, keyFile: file }, `${wallet.did} (${file})`);
    return 0;
  }
  if (command !== 'approve' && command !== 'decline') {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  if (!link) {
    console.error(`${command} needs the deep link (quote it: it contains &)\n\n${USAGE}`);
    return 2;
  }
  if (command === 'decline') {
    await wallet.decline(link);
    print({ did: wallet.did, status: 'declined' }, `Declined as ${wallet.did}`);
    return 0;
  }
  const result = await wallet.approve(link);
  print(
    { status: 'ok', ...result },
    `Approved as ${result.did} for ${result.appName || result.appDid} (${result.steps.length} step(s))`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof DidConnectError || err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
