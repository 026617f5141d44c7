import type { donationEn } from './donationEn';

export const donationZh: typeof donationEn = {
  tipAmount: '打赏金额',
  custom: '自定义',
  customAmount: '自定义金额',
  random: '随机金额',
  range: '请输入 {{min}} 到 {{max}} 之间的金额。',
  updating: '正在更新金额…',
  notEnabled: '打赏功能未启用',
  cancel: '取消',
  close: '关闭',
  benefits: {
    show: '查看受益人',
    hide: '隐藏受益人',
    title: '受益人',
    loading: '正在加载受益人',
    percent: '{{percent}}%',
  },
};
