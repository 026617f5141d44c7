// The Bitcoin rail plugin (watch-only BIP84 keys, Esplora API). The registry reaches it only through this factory.
import type { RailPluginFactory } from '../plugin.js';
import { BitcoinRailPlugin } from './plugin.js';

export const bitcoinRailPlugin: RailPluginFactory = (host) => new BitcoinRailPlugin(host);
export { BitcoinRailPlugin } from './plugin.js';
