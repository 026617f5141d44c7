// `init [dir]`: writes blocklet.json from flags, asking on the terminal for what is missing. Without
// a DID it makes the app's key pair here (app-key.ts) and keeps it in the CLI's config file.
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { MANIFEST_FILE, blockletManifest, type BlockletManifest } from '@payshelf/api';
import type { InitField } from './args.js';
import { generateAppKey } from './app-key.js';
import { saveAppKey } from './config.js';
import { CliError, usageError } from './errors.js';

const QUESTIONS: [InitField, string][] = [
  ['did', 'App DID (empty: make a new key pair on this machine)'],
  ['name', 'Name (letters, digits, - and _)'],
  ['version', 'Version'],
  ['title', 'Title'],
  ['description', 'Description'],
  ['logo', 'Logo file in the folder (PNG, JPEG, WebP or GIF; empty for none)'],
  ['readme', 'README file (empty for none)'],
  ['keywords', 'Keywords, comma-separated'],
];

export interface InitOptions {
  fields: Partial<Record<InitField, string>>;
  /** Ask for missing fields on the terminal. */
  interactive: boolean;
  force: boolean;
  /** The CLI's config file, where a key pair made for the app is kept. */
  configFile: string;
}

const HINTS: Partial<Record<InitField, string>> = {
  name: 'letters, digits, - and _',
  title: 'the name people see',
  description: 'or --title, which it defaults to',
};

/** The manifest the fields describe (version defaults to 1.0.0, description to the title). */
export function manifestFromFields(fields: Partial<Record<InitField, string>>): BlockletManifest {
  const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);
  const input = {
    did: blank(fields.did),
    name: blank(fields.name),
    version: blank(fields.version) ?? '1.0.0',
    title: blank(fields.title),
    description: blank(fields.description) ?? blank(fields.title),
    logo: blank(fields.logo),
    readme: blank(fields.readme),
    keywords: (fields.keywords ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  };
  const parsed = blockletManifest.safeParse(input);
  if (!parsed.success) {
    // Each problem names the flag that gives the field: a missing one "is required", others say why.
    const said = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const given = (input as Record<string, unknown>)[field];
      const hint = HINTS[field as InitField];
      said.add(
        given === undefined
          ? `--${field} is required${hint ? ` (${hint})` : ''}`
          : `--${field} ${issue.message.replace(/^Invalid input: /, '')}`,
      );
    }
    throw usageError(`Cannot write ${MANIFEST_FILE}: ${[...said].join('; ')}`);
  }
  return parsed.data;
}

export async function init(
  dir: string,
  options: InitOptions,
): Promise<{ file: string; manifest: BlockletManifest; keyMade: boolean }> {
  const file = path.join(dir, MANIFEST_FILE);
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (exists && !options.force) throw new CliError(`${file} exists already; pass --force to replace it.`);
  const fields = { ...options.fields };
  if (options.interactive) {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      for (const [field, question] of QUESTIONS) {
        if (fields[field] !== undefined) continue;
        const fallback = field === 'version' ? '1.0.0' : field === 'description' ? fields.title : undefined;
        const answer = await rl.question(`${question}${fallback ? ` (${fallback})` : ''}: `);
        fields[field] = answer || fallback || '';
      }
    } finally {
      rl.close();
    }
  }
  const key = fields.did?.trim() ? undefined : generateAppKey();
  if (key) fields.did = key.did;
  const manifest = manifestFromFields(fields);
  if (key) await saveAppKey(options.configFile, { ...key, dir });
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return { file, manifest, keyMade: key !== undefined };
}
