import type { portalChangeEn } from './changeEn';

/** 门户中订阅变更的文案（payment.portalChange）：数量变更预览、更换方案、后续账单币种。 */
export const portalChangeZh: typeof portalChangeEn = {
  quantity: {
    dueNow: '现在应付：{{amount}}',
    credit: '现在计入您的余额：{{amount}}',
    nothingDue: '现在无需支付。',
    renewal: '此后自 {{date}} 起每期 {{amount}}。',
    payAfter: '支付此金额后变更生效。',
  },
  plan: {
    action: '更换方案',
    title: '更换方案',
    choose: '选择方案',
    none: '此订阅没有其他可选方案。',
    option: '{{name}} · {{amount}} {{period}}',
    dueNow: '现在应付：{{amount}}。',
    creditApplied: '已抵扣您的余额 {{amount}}。',
    credit: '现在计入您的余额：{{amount}}。',
    nothingDue: '现在无需支付。',
    payAfter: '支付此金额后新方案生效。',
    renewal: '下次续订：{{date}} 支付 {{amount}}。',
    confirm: '确认更换',
    changed: '您的方案已更换。',
    payToApply: '请支付账单以启用新方案。',
    pending: '方案更换将在其账单支付后生效。',
    payNow: '立即支付',
    failed: '更换方案失败',
  },
  currency: {
    action: '更改付款方式',
    current: '后续账单：{{option}}',
    title: '支付方式与币种',
    description: '后续账单将以此币种开具。未支付和已逾期的账单保持原币种。',
    label: '后续账单的币种',
    option: '{{symbol}} · {{method}}',
    save: '保存',
    saved: '后续账单将以 {{symbol}} 开具。',
    failed: '更改币种失败',
    allowanceHint: '自动扣款从该币种的授权额度中扣除；如尚未授权，请先授权。',
  },
};
