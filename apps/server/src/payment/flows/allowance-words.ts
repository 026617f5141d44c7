// The allowance in words, as the DID wallet shows it in the approve claim: the same sentence the web
// shows next to the browser wallet ("Allows up to 60 TUSD, about 12 months of this plan."), en and zh.
import type { AllowanceOffer } from '@payshelf/api';
import { toDecimalString } from '@payshelf/money';

type Unit = AllowanceOffer['span']['unit'];

const EN_UNITS: Record<Unit, [string, string]> = {
  hour: ['hour', 'hours'],
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
};
const ZH_UNITS: Record<Unit, string> = { hour: '小时', day: '天', week: '周', month: '个月' };

/** "Allows up to 60 TUSD, about 12 months of this plan." / "授权最多 60 TUSD，约为此套餐 12 个月的费用。" */
export function allowanceWords(
  locale: 'en' | 'zh',
  offer: Pick<AllowanceOffer, 'amount' | 'span'>,
  asset: { symbol: string; decimals: number },
): string {
  const amount = `${toDecimalString(BigInt(offer.amount), asset.decimals)} ${asset.symbol}`;
  const { unit, count } = offer.span;
  if (locale === 'zh') return `授权最多 ${amount}，约为此套餐 ${count} ${ZH_UNITS[unit]}的费用。`;
  const [one, many] = EN_UNITS[unit];
  return `Allows up to ${amount}, about ${count} ${count === 1 ? one : many} of this plan.`;
}

/** The approve claim's description: what signing does, the words, and that it can be declined. */
export function approveDescription(
  locale: 'en' | 'zh',
  offer: Pick<AllowanceOffer, 'amount' | 'span'>,
  asset: { symbol: string; decimals: number },
): string {
  const words = allowanceWords(locale, offer, asset);
  return locale === 'zh'
    ? `签名批准自动续费。${words}您可以拒绝，之后在账单页面授权。`
    : `Sign to approve automatic renewals. ${words} You can decline and grant it later from your billing page.`;
}
