// Free trials at checkout (SPEC §4): which trial applies for the chosen currency, whether the
// checkout is trialing, and how long the trial lasts as data the UI words. Times are epoch seconds.

export interface TrialData {
  /** Epoch seconds; only a future value counts. */
  trial_end?: number | null;
  trial_period_days?: number | null;
  /** Comma list of currency ids the trial is offered for; empty or absent means every currency. */
  trial_currency?: string | null;
}

export type TrialUnit = 'minute' | 'hour' | 'day';

export interface TrialDisplay {
  unit: TrialUnit;
  count: number;
}

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

function positive(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** "pc_a, pc_b" -> ['pc_a', 'pc_b']; blanks dropped. */
export function trialCurrencies(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/**
 * The trial that applies when paying in `currencyId`, without trial_currency; null when there is no
 * trial (no trial_end and no positive trial_period_days) or when trial currencies are listed and the
 * selected currency is not among them (the trial is dropped).
 */
export function effectiveTrial(
  data: TrialData | null | undefined,
  currencyId: string | null | undefined,
): Omit<TrialData, 'trial_currency'> | null {
  if (!data) return null;
  const trialEnd = positive(data.trial_end);
  const days = positive(data.trial_period_days);
  if (trialEnd === 0 && days === 0) return null;
  const listed = trialCurrencies(data.trial_currency);
  if (listed.length > 0 && (!currencyId || !listed.includes(currencyId))) return null;
  return {
    ...(trialEnd > 0 ? { trial_end: trialEnd } : {}),
    ...(days > 0 ? { trial_period_days: days } : {}),
  };
}

/** The checkout is trialing (recurring lines are free today) when trial_end is future or days > 0. */
export function isTrialing(
  data: TrialData | null | undefined,
  currencyId: string | null | undefined,
  nowSeconds: number,
): boolean {
  const trial = effectiveTrial(data, currencyId);
  if (!trial) return false;
  return positive(trial.trial_end) > nowSeconds || positive(trial.trial_period_days) > 0;
}

/**
 * How long the trial lasts. A future trial_end gives the time left, rounded up: minutes under one
 * hour, hours under one day, days otherwise (59 min 1 s -> 60 minutes, 1 h 0 min 1 s -> 2 hours).
 * Otherwise trial_period_days in days (a fraction rounds up). Null when there is no trial.
 * Apply effectiveTrial first so a dropped trial shows nothing.
 */
export function trialDisplay(
  trial: Pick<TrialData, 'trial_end' | 'trial_period_days'> | null | undefined,
  nowSeconds: number,
): TrialDisplay | null {
  if (!trial) return null;
  const left = positive(trial.trial_end) - nowSeconds;
  if (positive(trial.trial_end) > 0 && left > 0) {
    if (left < HOUR) return { unit: 'minute', count: Math.ceil(left / MINUTE) };
    if (left < DAY) return { unit: 'hour', count: Math.ceil(left / HOUR) };
    return { unit: 'day', count: Math.ceil(left / DAY) };
  }
  const days = positive(trial.trial_period_days);
  return days > 0 ? { unit: 'day', count: Math.ceil(days) } : null;
}

/**
 * When the trial that applies ends, in epoch seconds, or null when the checkout is not trialing
 * (see isTrialing). A future trial_end wins; otherwise the trial lasts trial_period_days from now.
 */
export function trialEndSeconds(
  data: TrialData | null | undefined,
  currencyId: string | null | undefined,
  nowSeconds: number,
): number | null {
  if (!isTrialing(data, currencyId, nowSeconds)) return null;
  const trial = effectiveTrial(data, currencyId);
  const end = positive(trial?.trial_end);
  if (end > nowSeconds) return end;
  return nowSeconds + Math.ceil(positive(trial?.trial_period_days) * DAY);
}
