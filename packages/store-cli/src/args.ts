// Command-line parsing: one command, its positionals and its options, checked before anything runs.
import { parseArgs } from 'node:util';
import { usageError } from './errors.js';

export const COMMANDS = [
  'login',
  'connect',
  'init',
  'bundle',
  'publish',
  'status',
  'request-review',
  'cancel-review',
  'whoami',
  'help',
] as const;
export type Command = (typeof COMMANDS)[number];

export interface ParsedArgs {
  command: Command;
  /** The optional directory or file argument (`bundle [dir]`, `publish [dir|tgz]`, `init [dir]`). */
  target?: string;
  store?: string;
  token?: string;
  out?: string;
  browser: boolean;
  yes: boolean;
  force: boolean;
  json: boolean;
  /** publish: this version's changelog (Markdown); without it the store reads the bundle's CHANGELOG.md. */
  changelog?: string;
  /** request-review, cancel-review: the version (default: the one in the folder's blocklet.json). */
  version?: string;
  /** Manifest fields given to `init` as flags. */
  fields: Partial<Record<InitField, string>>;
}

export const INIT_FIELDS = [
  'did',
  'name',
  'version',
  'title',
  'description',
  'logo',
  'readme',
  'keywords',
] as const;
export type InitField = (typeof INIT_FIELDS)[number];

const TARGET_COMMANDS: readonly Command[] = [
  'init',
  'bundle',
  'publish',
  'status',
  'request-review',
  'cancel-review',
];
const REVIEW_COMMANDS: readonly Command[] = ['request-review', 'cancel-review'];

/** Parses `argv` (without node and the script); throws a usage error for anything it does not know. */
export function parseCommandLine(argv: string[]): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        store: { type: 'string' },
        token: { type: 'string' },
        out: { type: 'string', short: 'o' },
        'no-browser': { type: 'boolean', default: false },
        yes: { type: 'boolean', short: 'y', default: false },
        force: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        changelog: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        ...Object.fromEntries(INIT_FIELDS.map((f) => [f, { type: 'string' as const }])),
      },
    });
  } catch (error) {
    // Node's message, first sentence only ("Unknown option '--x'", "Option '--store <value>' argument missing").
    const message = error instanceof Error ? error.message : String(error);
    throw usageError(message.split(/\.\s/)[0] ?? message);
  }
  const { values, positionals } = parsed;
  const [name = 'help', target, ...rest] = positionals;
  if (!(COMMANDS as readonly string[]).includes(name)) throw usageError(`Unknown command: ${name}`);
  const command = values.help ? 'help' : (name as Command);
  if (target !== undefined && !TARGET_COMMANDS.includes(command)) {
    throw usageError(`${command} takes no argument (got ${JSON.stringify(target)})`);
  }
  if (rest.length > 0) throw usageError(`Too many arguments: ${rest.join(' ')}`);
  if (command === 'login' && (!values.store || !values.token)) {
    throw usageError('login needs --store URL and --token TOKEN');
  }
  const fields: ParsedArgs['fields'] = {};
  const all: Record<string, unknown> = values;
  const reviewing = REVIEW_COMMANDS.includes(command);
  for (const f of INIT_FIELDS) {
    const v = all[f];
    if (typeof v === 'string') {
      if (f === 'version' && reviewing) continue;
      if (command !== 'init') {
        const of = f === 'version' ? 'init, request-review and cancel-review' : 'init only';
        throw usageError(`--${f} is an option of ${of}`);
      }
      fields[f] = v;
    }
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const version = reviewing ? str(all.version)?.trim() : undefined;
  if (reviewing && str(all.version) !== undefined && !version)
    throw usageError(`${command} --version needs a version such as 1.2.0`);
  if (values.changelog !== undefined && command !== 'publish')
    throw usageError('--changelog is an option of publish only');
  return {
    command,
    ...(target !== undefined ? { target } : {}),
    ...(str(values.store) ? { store: str(values.store) } : {}),
    ...(str(values.token) ? { token: str(values.token) } : {}),
    ...(str(values.out) ? { out: str(values.out) } : {}),
    browser: values['no-browser'] !== true,
    yes: values.yes === true,
    force: values.force === true,
    json: values.json === true,
    ...(version ? { version } : {}),
    ...(str(values.changelog)?.trim() ? { changelog: str(values.changelog)?.trim() } : {}),
    fields,
  };
}

/** A store base URL: http(s) only, without a trailing slash, query or fragment. */
export function normalizeStoreUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`Not a URL: ${raw} (expected something like https://store.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw usageError(`The store URL must be http or https: ${raw}`);
  if (url.username || url.password)
    throw usageError('The store URL must not contain a user name or password');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
