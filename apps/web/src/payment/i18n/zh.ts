import { allowanceZh } from '../checkout/allowance/i18nZh';
import { checkoutZh } from '../checkout/i18n/zh';
import type { paymentCoreEn } from './en';

export const paymentCoreZh: typeof paymentCoreEn = {
  back: '返回',
  donations: {
    title: '打赏',
    emptyTitle: '打赏功能未启用',
    emptyDescription: '启用打赏后，支持者可以在您的页面上打赏您和您的受益人。',
    enable: '启用',
    enablePrompt: '此处尚未启用打赏。',
    enabledTitle: '打赏已启用',
    enabledText: '现在配置金额与受益人，或稍后在“集成 › 打赏”中配置。',
    configureNow: '立即配置',
    later: '稍后',
  },
  invoice: {
    title: '账单',
    notFoundTitle: '找不到此账单',
    notFoundDescription: '请检查链接，或从账单历史中打开该账单。',
  },
  pastDue: {
    title: '逾期账单',
    emptyTitle: '没有逾期账单',
    emptyDescription: '您没有待支付的账单。',
  },
  subscription: {
    title: '订阅',
    notFoundTitle: '找不到此订阅',
    notFoundDescription: '请检查链接，或从账单页面打开该订阅。',
  },
  creditGrant: {
    title: '额度授予',
    notFoundTitle: '找不到此额度授予',
    notFoundDescription: '请检查链接，或从额度余额中打开该授予。',
  },
  adminCustomer: {
    title: '客户',
    notFoundTitle: '找不到此客户',
    notFoundDescription: '该客户可能已被删除，也可能是链接有误。',
  },
  checkout: checkoutZh,
  allowance: allowanceZh,
};
