// Reading `blocklet.json` out of a bundle: UTF-8 JSON within bounds, then the shared manifest schema.
import { blockletManifest, jsonTooDeep, textProblem, type BlockletManifest } from '@payshelf/api';
import { BundleError } from './errors.js';

/** Decodes `bytes` as UTF-8, or null when they are not valid UTF-8 text PostgreSQL can store. */
export function utf8Text(bytes: Buffer): string | null {
  try {
    const s = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    return textProblem(s) ? null : s;
  } catch {
    return null;
  }
}

/** The manifest in `bytes`, or BundleError `manifest_invalid` naming every problem (`path: message; …`). */
export function parseManifest(bytes: Buffer): BlockletManifest {
  const invalid = (message: string, param?: string) =>
    new BundleError('manifest_invalid', `blocklet.json is invalid: ${message}`, param);
  const text = utf8Text(bytes);
  if (text === null) throw invalid('it is not UTF-8 text');
  if (jsonTooDeep(text)) throw invalid('it is nested too deeply');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw invalid(`it is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const parsed = blockletManifest.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 10);
    const details = issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw invalid(details, issues[0]?.path.join('.') || undefined);
  }
  return parsed.data;
}
