import type { Locale } from '../../platform/locale/locale';

/** Where an entry puts the locale: in the path (`{l}`), as `?locale=`, or nowhere. */
export type LocaleRule = 'path' | 'query' | 'none';

export type ProductGroupId = 'applications' | 'components' | 'computeStorage' | 'identity';

export type ProductIconId =
  | 'nftStudio'
  | 'creatorStudio'
  | 'aistro'
  | 'aigne'
  | 'arcSphere'
  | 'launcher'
  | 'aiKit'
  | 'paymentKit'
  | 'store'
  | 'web3Kit'
  | 'framework'
  | 'didSpaces'
  | 'abtNetwork'
  | 'server'
  | 'ocap'
  | 'did'
  | 'didWallet'
  | 'didNames'
  | 'vc'
  | 'didConnect';

export interface ProductEntry {
  label: string;
  /** URL template: `{l}` stands for the locale. */
  url: string;
  rule: LocaleRule;
  description: Record<Locale, string>;
  icon: ProductIconId;
}

export interface ProductGroup {
  id: ProductGroupId;
  entries: ProductEntry[];
}

const COLLECTIONS = 'https://www.arcblock.io/content/collections/{l}/';

function entry(
  label: string,
  url: string,
  en: string,
  zh: string,
  icon: ProductIconId,
  rule: LocaleRule = 'path',
): ProductEntry {
  return { label, url, rule, description: { en, zh }, icon };
}

/** The sibling products of the provider, shared/reference/header.md section 2 (the spec's 20 entries). */
export const PRODUCT_GROUPS: readonly ProductGroup[] = [
  {
    id: 'applications',
    entries: [
      entry(
        'NFT Studio',
        'https://www.nftstudio.rocks/{l}',
        'Mint and manage NFTs',
        '铸造和管理 NFT',
        'nftStudio',
      ),
      entry(
        'Creator Studio',
        `${COLLECTIONS}creator-studio`,
        'All-in-one creator tool',
        '一体化创作工具',
        'creatorStudio',
      ),
      entry('Aistro', 'https://www.aistro.io/{l}', 'AI-powered astrology', 'AI 占星术', 'aistro'),
      entry('AIGNE', 'https://www.aigne.io/', 'Your AI assistant', '您的人工智能助手', 'aigne', 'none'),
      entry('ArcSphere', 'https://www.arcsphere.io/{l}', 'AI native browser', 'AI 原生浏览器', 'arcSphere'),
    ],
  },
  {
    id: 'components',
    entries: [
      entry(
        'Blocklet Launcher',
        'https://launcher.arcblock.io/{l}',
        'One-click app launcher',
        '一键启动应用程序',
        'launcher',
      ),
      entry('AI Kit', 'https://www.aikit.rocks/{l}', 'Boost apps with AI', 'AI 赋能应用', 'aiKit'),
      entry(
        'Payment Kit',
        'https://www.blocklet.io/{l}/payment-kit',
        'Effortless Crypto & Card Payments',
        '便捷的加密货币和银行卡支付',
        'paymentKit',
      ),
      entry(
        'Blocklet Store',
        'https://store.blocklet.dev/',
        'Discover & deploy apps',
        '发现和部署应用程序',
        'store',
        'query',
      ),
      entry('Web3 Kit', 'https://www.web3kit.rocks/{l}', 'Web3 dev toolkit', 'Web3 开发工具包', 'web3Kit'),
    ],
  },
  {
    id: 'computeStorage',
    entries: [
      entry(
        'Blocklet Framework',
        `${COLLECTIONS}blocklet`,
        'Build and run blocklets',
        '构建并运行 Blocklet',
        'framework',
      ),
      entry(
        'DID Spaces',
        'https://www.didspaces.com/{l}',
        'Secure personal storage',
        '安全的个人存储',
        'didSpaces',
      ),
      entry(
        'ABT Network',
        'https://main.abtnetwork.io/',
        'Fast blockchain network',
        '快速区块链网络',
        'abtNetwork',
        'none',
      ),
      entry(
        'Blocklet Server',
        'https://www.blocklet.io/{l}/blocklet-server',
        'Host your apps easily',
        '轻松托管应用程序',
        'server',
      ),
      // The reference spells this label in Cyrillic look-alikes; we use the Latin letters.
      entry('OCAP', `${COLLECTIONS}ocap`, 'Multi-chain connector', '多链连接器', 'ocap'),
    ],
  },
  {
    id: 'identity',
    entries: [
      entry('DID', `${COLLECTIONS}did`, 'Self-sovereign ID', '自主身份', 'did'),
      entry(
        'DID Wallet',
        'https://www.didwallet.io/{l}',
        'Smart digital wallet',
        '智能数字钱包',
        'didWallet',
      ),
      entry('DID Names', 'https://www.didnames.io/{l}', 'Web3 domain names', 'Web3 域名', 'didNames'),
      entry('VC', `${COLLECTIONS}verifiable-credential`, 'Verifiable Credentials', '可验证凭证', 'vc'),
      entry('DID Connect', 'https://www.didconnect.io/{l}', 'Passwordless login', '无密码登录', 'didConnect'),
    ],
  },
];

/** The address an entry opens for a locale (default en), following the entry's locale rule. */
export function productUrl(entry: ProductEntry, locale: Locale = 'en'): string {
  if (entry.rule === 'path') return entry.url.replaceAll('{l}', locale);
  if (entry.rule === 'none') return entry.url;
  const url = new URL(entry.url);
  url.searchParams.set('locale', locale);
  return url.toString();
}
