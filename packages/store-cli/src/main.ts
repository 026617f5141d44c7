// The payshelf-store command: parses the command line, runs one command, prints one result.
import path from 'node:path';
import { appStatus, formatStatus, whoami } from './account.js';
import { normalizeStoreUrl, parseCommandLine } from './args.js';
import { readManifest, writeBundle } from './bundle.js';
import { configPath, loadConfig, requireToken, resolveTarget, saveToken } from './config.js';
import { connect } from './connect.js';
import { CliError } from './errors.js';
import { init } from './init.js';
import { formatBytes, progressBar, type ProgressOut } from './progress.js';
import { publish } from './publish.js';
import { formatReview, review } from './review.js';

export const USAGE = `Usage: payshelf-store <command> [options]   (in this repository: npm run store -- <command>)

Commands:
  login --store URL --token TOKEN   save an access token for a store (created at URL/developer/access-tokens)
  connect [--store URL]             get a token by approving in the browser with your wallet
  init [dir]                        write blocklet.json (asks for what the flags do not give); without
                                    --did it makes the app's key pair here and keeps it in the config
  bundle [dir] [--out file.tgz]     pack dir (default .) into a reproducible <name>-<version>.tgz
  publish [dir|file.tgz]            upload to the store: prints "uploaded" (waits for review) or "published"
    [--changelog TEXT]              this version's changelog (default: its section of the bundle's CHANGELOG.md)
  status [dir]                      the app's status and versions on the store (DID from dir/blocklet.json)
  request-review [dir] [--version X]  ask the store to review an uploaded version (default: the
                                    version in dir/blocklet.json); prints the version's review status
  cancel-review [dir] [--version X]   withdraw that version from review
  whoami                            who the saved token belongs to

Options:
  --store URL      store to use (default: $PAYSHELF_STORE, else the one logged in to last)
  --token TOKEN    token to use (default: $PAYSHELF_STORE_TOKEN, else the saved one)
  --no-browser     connect: only print the address
  --json           print results as JSON
  init: --did --name --version --title --description --logo --readme --keywords a,b  -y/--yes (do not ask)  --force
Config: $PAYSHELF_STORE_CONFIG, else ~/.config/payshelf/store-cli.json (mode 600).
Exit codes: 0 done, 1 failed, 2 wrong usage.`;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** Where relative paths start: the caller's folder (npm run sets INIT_CWD to it). */
  cwd: string;
  interactive: boolean;
  /** Where the upload progress bar is drawn. */
  progress: ProgressOut;
}

export const defaultIo = (): Io => ({
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
  env: process.env,
  cwd:
    process.env.npm_lifecycle_event === 'store' && process.env.INIT_CWD
      ? process.env.INIT_CWD
      : process.cwd(),
  interactive: process.stdin.isTTY === true,
  progress: process.stderr,
});

/** Runs one command; returns the exit code (0 ok, 1 failure, 2 usage). Never throws. */
export async function main(argv: string[], io: Io = defaultIo()): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`Error: ${error.message}`);
      if (error.exitCode === 2) io.err('Run payshelf-store help for usage.');
      return error.exitCode;
    }
    io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function run(argv: string[], io: Io): Promise<number> {
  const args = parseCommandLine(argv);
  const print = (value: unknown, text: string) => io.out(args.json ? JSON.stringify(value) : text);
  const file = configPath(io.env);
  const at = (p = '.') => path.resolve(io.cwd, p);
  switch (args.command) {
    case 'help':
      io.out(USAGE);
      return 0;
    case 'login': {
      const store = normalizeStoreUrl(args.store ?? '');
      await saveToken(file, store, { token: args.token ?? '' });
      print({ store, config: file }, `Saved the token for ${store} in ${file}.`);
      return 0;
    }
    case 'connect': {
      const { store } = resolveTarget(await loadConfig(file), args, io.env);
      const pollMs = Number(io.env.STORE_CLI_POLL_MS) || undefined;
      const h = await connect(store, {
        openBrowser: args.browser && !io.env.CI,
        log: io.err,
        ...(pollMs ? { pollIntervalMs: pollMs } : {}),
      });
      await saveToken(file, store, { token: h.token, ...(h.did ? { did: h.did } : {}) });
      // The wallet credential is shown once, for the blocklet CLI; it is not saved here.
      const blocklet = h.secretKey
        ? `\nFor the blocklet CLI: blocklet config set store ${store}; blocklet config set accessToken ${h.secretKey}; blocklet config set developerDid ${h.developerDid ?? h.did ?? ''}`
        : '';
      print(
        {
          store,
          did: h.did ?? null,
          ...(h.secretKey ? { secretKey: h.secretKey, developerDid: h.developerDid ?? null } : {}),
        },
        `Connected${h.did ? ` as ${h.did}` : ''}; the token for ${store} is saved in ${file}.${blocklet}`,
      );
      return 0;
    }
    case 'init': {
      const r = await init(at(args.target), {
        fields: args.fields,
        interactive: io.interactive && !args.yes,
        force: args.force,
        configFile: file,
      });
      const made = r.keyMade ? ` Made the app's key pair (DID ${r.manifest.did}); kept in ${file}.` : '';
      print({ ...r.manifest, keyFile: r.keyMade ? file : null }, `Wrote ${r.file}.${made}`);
      return 0;
    }
    case 'bundle': {
      const { file: out, built } = await writeBundle(at(args.target), args.out, io.cwd);
      print(
        { file: out, size: built.bytes.length, files: built.files.length },
        `Wrote ${out} (${built.files.length} files, ${formatBytes(built.bytes.length)}).`,
      );
      return 0;
    }
    case 'publish': {
      const target = resolveTarget(await loadConfig(file), args, io.env);
      const r = await publish(
        target.store,
        requireToken(target),
        at(args.target),
        (total) => progressBar(total, io.progress),
        args.changelog,
      );
      print(r, r.status);
      return 0;
    }
    case 'status': {
      const target = resolveTarget(await loadConfig(file), args, io.env);
      const token = requireToken(target);
      const manifest = await readManifest(at(args.target));
      const s = await appStatus(target.store, token, manifest.did);
      print(s, formatStatus(s));
      return 0;
    }
    case 'request-review':
    case 'cancel-review': {
      const target = resolveTarget(await loadConfig(file), args, io.env);
      const token = requireToken(target);
      const manifest = await readManifest(at(args.target));
      const action = args.command === 'request-review' ? 'request' : 'cancel';
      const r = await review(target.store, token, manifest.did, args.version ?? manifest.version, action);
      print(r, formatReview(r));
      return 0;
    }
    case 'whoami': {
      const target = resolveTarget(await loadConfig(file), args, io.env);
      const me = await whoami(target.store, requireToken(target));
      const name = typeof me.fullName === 'string' ? `${me.fullName} ` : '';
      print({ store: target.store, ...me }, `${name}${String(me.did ?? 'unknown')} on ${target.store}`);
      return 0;
    }
  }
}
