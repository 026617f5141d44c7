/** Strings of paying invoices with the browser wallet in the portal (payment.portalWallet). */
export const portalWalletEn = {
  description: 'Scan with your DID wallet, or pay {{amount}} with the wallet in this browser.',
  browser: 'Pay with browser wallet',
  sending: 'Confirm the transfer in your browser wallet…',
  noBrowserWallet: 'No browser wallet found',
};

/** 门户中用浏览器钱包支付账单的文案（payment.portalWallet）。 */
export const portalWalletZh: typeof portalWalletEn = {
  description: '使用 DID 钱包扫码，或用此浏览器中的钱包支付 {{amount}}。',
  browser: '使用浏览器钱包支付',
  sending: '请在浏览器钱包中确认转账…',
  noBrowserWallet: '未找到浏览器钱包',
};
