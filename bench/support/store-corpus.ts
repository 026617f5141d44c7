// A generated store catalog and the queries visitors type into it, the same on every run (seeded).
// Words come from a vocabulary of pronounceable made-up words and Chinese terms drawn with a Zipf
// law, so a few words are in a large share of the applications and most are rare, as in real
// catalogs. The query lists are long enough that a bench can ask each query once: nothing it times
// was asked before (no cache of the server's can answer it).

/** A small seeded generator (mulberry32): the same catalog and queries on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = (
  'ka lo mi ren sa tor vel nu dri pa xen qui bel mon ti gra fo lu ser zan cho wer ny pel dax ri ho jen ' +
  'ul om bra ke sti vo mar lin dor es tal fen gu pri sho'
).split(' ');
/** Common Chinese characters the terms are made of. */
const HAN =
  '数据图片文件管理支付工具笔记发票分析压缩通知日历团队任务项目邮件聊天视频音乐照片地图天气新闻翻译' +
  '学习课程考试健康运动饮食旅行酒店机票购物订单库存客户销售财务报表合同审批会议文档表格设计模板网站' +
  '博客论坛社区评论投票问卷统计监控日志安全备份同步存储服务器网络域名证书账号密码权限用户角色消息推送';

/** A Zipf-weighted picker over `n` ranks (rank 0 the most frequent). */
function zipf(n: number, s: number, rand: () => number): () => number {
  const cdf: number[] = [];
  let sum = 0;
  for (let r = 1; r <= n; r++) cdf.push((sum += 1 / r ** s));
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface CorpusApp {
  name: string;
  title: string;
  description: string;
  keywords: string[];
}

export interface Corpus {
  apps: CorpusApp[];
  /** The Latin vocabulary, most frequent first. */
  words: string[];
  /** The Chinese terms, most frequent first. */
  terms: string[];
}

function vocabulary(rand: () => number, size: number): string[] {
  const out = new Set<string>();
  while (out.size < size) {
    const n = 2 + Math.floor(rand() * 2.2);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (w.length >= 4) out.add(w);
  }
  return [...out];
}

function chineseTerms(rand: () => number, size: number): string[] {
  const chars = [...HAN];
  const out = new Set<string>();
  while (out.size < size) {
    const a = chars[Math.floor(rand() * chars.length)] ?? '';
    const b = chars[Math.floor(rand() * chars.length)] ?? '';
    if (a !== b) out.add(a + b);
  }
  return [...out];
}

/** `count` applications: a title of 2–3 words (some Chinese), keywords, a 12–20 word description. */
export function generateCorpus(count: number, seed = 21): Corpus {
  const rand = random(seed);
  const words = vocabulary(rand, 4000);
  const terms = chineseTerms(rand, 900);
  const word = zipf(words.length, 1.0, rand);
  const term = zipf(terms.length, 1.0, rand);
  const w = () => words[word()] ?? '';
  const t = () => terms[term()] ?? '';
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const apps: CorpusApp[] = [];
  for (let i = 1; i <= count; i++) {
    const titleWords = Array.from({ length: 2 + Math.floor(rand() * 2) }, w);
    const title = rand() < 0.3 ? `${t()}${t()}` : titleWords.map(cap).join(' ');
    const description: string[] = [];
    const length = 12 + Math.floor(rand() * 9);
    for (let k = 0; k < length; k++) description.push(rand() < 0.15 ? t() : w());
    apps.push({
      name: `${titleWords.slice(0, 2).join('-')}-${i}`,
      title,
      description: `${cap(description.join(' '))}.`,
      keywords: [w(), w()],
    });
  }
  return { apps, words, terms };
}
