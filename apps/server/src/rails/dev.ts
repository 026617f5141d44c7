// Test-mode aids the rail plugins provide to the rest of the server (the test wallet's signature
// answerer; funding it on the demo network is `rails.fundDevWallet()`). The rest of the server imports them from here, never from a rail's own files.
export { evmSignatureAnswerer as walletSignatureAnswerer } from './evm/wallet-answerer.js';
