// Compiles the Solidity contracts we ship for test mode (apps/server/src/rails/evm/contracts/*.sol) with the
// solc npm package, offline, and writes one artifact per contract (abi + bytecode JSON) next to the source.
// The artifacts are committed, so the server never needs a compiler. Run: node scripts/compile-contracts.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const solc = require('solc');
const prettier = await import('prettier');

const dir = path.join(root, 'apps/server/src/rails/evm/contracts');
const EVM_VERSION = 'paris';
const sources = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith('.sol'))
    .map((f) => [f, { content: readFileSync(path.join(dir, f), 'utf8') }]),
);

const input = {
  language: 'Solidity',
  sources,
  settings: {
    evmVersion: EVM_VERSION,
    optimizer: { enabled: true, runs: 200 },
    // No metadata hash: the same source gives the same bytecode on every machine.
    metadata: { bytecodeHash: 'none' },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};

const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
for (const e of output.errors ?? []) console.error(e.formattedMessage);
if (errors.length > 0) process.exit(1);

const config = await prettier.resolveConfig(path.join(dir, 'x.json'));
for (const [file, contracts] of Object.entries(output.contracts)) {
  for (const [name, contract] of Object.entries(contracts)) {
    const artifact = {
      contractName: name,
      source: `apps/server/src/rails/evm/contracts/${file}`,
      compiler: { version: solc.version(), evmVersion: EVM_VERSION, optimizerRuns: 200 },
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
    };
    const target = path.join(dir, `${name}.json`);
    const text = await prettier.format(JSON.stringify(artifact), { ...config, parser: 'json' });
    writeFileSync(target, text);
    console.log(`✔ ${path.relative(root, target)} (${contract.evm.bytecode.object.length / 2} bytes)`);
  }
}
