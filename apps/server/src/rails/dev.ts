// Test-mode aids the rail plugins provide to the rest of the server (the test wallet and the demo
// chain). The rest of the server imports them from here, never from a rail's own files.
export { fundDevWalletOnDemoChain } from './evm/dev-wallet-funds.js';
export { evmSignatureAnswerer as walletSignatureAnswerer } from './evm/wallet-answerer.js';
