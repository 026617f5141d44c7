// The EVM rail plugin (ethereum, base; viem). The registry reaches it only through this factory.
import type { RailPluginFactory } from '../plugin.js';
import { EvmRailPlugin } from './plugin.js';

export const evmRailPlugin: RailPluginFactory = (host) => new EvmRailPlugin(host);
export { EvmRailPlugin } from './plugin.js';
