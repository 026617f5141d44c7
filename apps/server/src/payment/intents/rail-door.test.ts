import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Only payment/intents/ asks a rail to move or read money: flows, checkout and every other module
// call an intents verb (targetOf, signedFor, sendSigned, checkTransfer, settle, accept, collect…) and
// branch on its typed outcome. rails/ itself is the other side of the door.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RAIL_CALL =
  /\brail\.(?:verify|submit|inspect|track|prepare|standing|signCollect|prepareMandate|refund|signRefund|findTransfersFor)\b/g;

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sources(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

describe('the rails door', () => {
  it('no file outside rails/ and payment/intents/ calls a Rail method that moves or reads money', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (rel.startsWith('rails/') || rel.startsWith('payment/intents/')) continue;
      for (const hit of readFileSync(file, 'utf8').match(RAIL_CALL) ?? []) found.push(`${rel}: ${hit}`);
    }
    expect(found, 'call the intents verb (payment/intents/transfer.ts) instead').toEqual([]);
  });
});
