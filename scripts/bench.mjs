// `npm run bench`: every bench/*.bench.ts, each printing ratios against a baseline measured in the same run.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { must, root } from './lib.mjs';

const dir = path.join(root, 'bench');
const only = process.argv[2];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n━━ ${file}`);
  must(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(dir, file)]);
}
