import { blockletDidFromName } from '../blocklet/did.js';

/** The demo store: categories and a few applications, each built into a real bundle at seed time. */
export const DEMO_CATEGORIES = [
  { name: 'productivity', en: 'Productivity', zh: '效率工具' },
  { name: 'developer-tools', en: 'Developer tools', zh: '开发者工具' },
  { name: 'finance', en: 'Finance', zh: '金融' },
] as const;

export interface DemoApp {
  did: string;
  name: string;
  title: string;
  description: string;
  keywords: string[];
  category: (typeof DEMO_CATEGORIES)[number]['name'];
  downloads: number;
  /** The two colours of its generated logo and screenshots. */
  colors: [[number, number, number], [number, number, number]];
  /** None while paid applications are not sold: a priced bundle would be served to its developer only. */
  price?: { amount: string; currency: string };
}

const ENTRIES: readonly Omit<DemoApp, 'did'>[] = [
  {
    name: 'image-resizer',
    title: 'Image Resizer',
    description: 'Resize, crop and compress images in the browser. 图片压缩与裁剪工具。',
    keywords: ['image', 'photo', 'compress'],
    category: 'productivity',
    downloads: 128,
    colors: [
      [36, 99, 235],
      [14, 165, 233],
    ],
  },
  {
    name: 'markdown-notes',
    title: 'Markdown Notes',
    description: 'Write notes in Markdown with live preview and tags. 支持实时预览的笔记应用。',
    keywords: ['notes', 'markdown', 'writing'],
    category: 'productivity',
    downloads: 342,
    colors: [
      [22, 163, 74],
      [132, 204, 22],
    ],
  },
  {
    name: 'webhook-inspector',
    title: 'Webhook Inspector',
    description: 'Capture and replay incoming webhooks while you develop an integration.',
    keywords: ['webhook', 'debug', 'http'],
    category: 'developer-tools',
    downloads: 77,
    colors: [
      [124, 58, 237],
      [236, 72, 153],
    ],
  },
  {
    name: 'invoice-tracker',
    title: '发票助手 Invoice Tracker',
    description: 'Track invoices and payments in one place. 轻松管理发票和付款记录。',
    keywords: ['invoice', 'billing', '发票'],
    category: 'finance',
    downloads: 45,
    colors: [
      [234, 88, 12],
      [250, 204, 21],
    ],
  },
];

/** Each demo application's DID is derived from its name, as the Blocklet ecosystem derives one. */
export const DEMO_APPS: readonly DemoApp[] = ENTRIES.map((app) => ({
  ...app,
  did: blockletDidFromName(app.name),
}));
