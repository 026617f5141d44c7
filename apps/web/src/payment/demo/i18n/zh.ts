import type { demoEn } from './en';

export const demoZh: typeof demoEn = {
  title: '体验结账',
  subtitle: '测试模式下各类价格的支付链接。可用测试钱包或浏览器钱包在本地链上支付，不会动用真实资金。',
  testMode: '测试模式',
  open: '打开结账页',
  copy: '复制链接',
  copied: '链接已复制',
  archived: '已归档',
  loadFailed: '无法加载演示链接：{{message}}',
  emptyTitle: '此安装没有演示数据',
  emptyDescription:
    '使用 npm start（或 DEMO_DATA=1）启动 Payshelf，即可生成测试模式商品目录，每类价格各一个支付链接。',
  kinds: {
    one_time: '一次性购买',
    recurring: '含试用期的订阅',
    upsell: '升级到年付方案',
    metered: '按用量计费',
    tiered: '阶梯定价',
    cross_sell: '交叉销售',
    credit: '积分充值',
    donation: '打赏',
    other: '支付链接',
  },
};
