// `init [dir]`: writes blocklet.json from flags, asking on the terminal for what is missing.
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { MANIFEST_FILE, blockletManifest, type BlockletManifest } from '@payshelf/api';
import type { InitField } from './args.js';
import { CliError } from './errors.js';

const QUESTIONS: [InitField, string][] = [
  ['did', 'App DID (create one with your wallet at <store>/gen-key-pair)'],
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
}

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
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new CliError(`Cannot write ${MANIFEST_FILE}: ${details}`);
  }
  return parsed.data;
}

export async function init(
  dir: string,
  options: InitOptions,
): Promise<{ file: string; manifest: BlockletManifest }> {
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
  const manifest = manifestFromFields(fields);
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return { file, manifest };
}
