import type { noticesEn } from './noticesEn';

/** 以消息键保存的通知的文字（header.notices.{key}）。 */
export const noticesZh: typeof noticesEn = {
  now: '现在',
  billing: {
    invoiceDue: {
      title: '账单 {{number}} 待支付',
      description: '到期日 {{due}}：{{link}}',
    },
    invoicePaid: {
      title: '账单 {{number}} 已支付',
      description: '已支付 {{amount}} {{symbol}}：{{link}}',
    },
    creditInsufficient: {
      title: '积分不足',
      description: '有 {{amount}} {{symbol}} 的用量未被积分覆盖；请充值：{{link}}',
    },
  },
};
