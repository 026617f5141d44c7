import { donationSettingValues, type DonationSettingValues, type SettingRecord } from '@payshelf/api';

export interface BeneficiaryRow {
  name: string;
  address: string;
  percent: string;
}

/** The editor's text fields of one donation setting. */
export interface DonationForm {
  presets: string;
  preset: string;
  minimum: string;
  maximum: string;
  custom: boolean;
  beneficiaries: BeneficiaryRow[];
  benefits: string;
  thanksEn: string;
  thanksZh: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The form of a record's settings (whatever was stored; missing parts start empty). */
export function toForm(record: SettingRecord): DonationForm {
  const parsed = donationSettingValues.safeParse(record.settings);
  const s: Partial<DonationSettingValues> = parsed.success ? parsed.data : {};
  const raw = record.settings as { amount?: { presets?: unknown } };
  const presets =
    s.amount?.presets ?? (Array.isArray(raw.amount?.presets) ? raw.amount.presets.map(text) : []);
  return {
    presets: presets.join(', '),
    preset: s.amount?.preset ?? '',
    minimum: s.amount?.minimum ?? '',
    maximum: s.amount?.maximum ?? '',
    custom: s.amount?.custom ?? true,
    beneficiaries: (s.beneficiaries ?? []).map((b) => ({
      name: b.name,
      address: b.address ?? '',
      percent: String(b.percent),
    })),
    benefits: (s.benefits ?? []).map((b) => b.title).join('\n'),
    thanksEn: s.messages?.thanks?.en ?? '',
    thanksZh: s.messages?.thanks?.zh ?? '',
  };
}

/** The sum of the beneficiaries' shares (non-numbers count as 0). */
export function sharesSum(rows: readonly BeneficiaryRow[]): number {
  return rows.reduce((sum, r) => sum + (/^\d+$/.test(r.percent.trim()) ? Number(r.percent) : 0), 0);
}

const opt = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The settings body of the form, checked with the server's schema; the first problem otherwise. */
export function fromForm(
  form: DonationForm,
): { ok: true; value: DonationSettingValues } | { ok: false; path: string; message: string } {
  const candidate = {
    amount: {
      presets: form.presets
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
      preset: opt(form.preset),
      minimum: opt(form.minimum),
      maximum: opt(form.maximum),
      custom: form.custom,
    },
    beneficiaries: form.beneficiaries.map((b) => ({
      name: b.name.trim(),
      ...(b.address.trim() ? { address: b.address.trim() } : {}),
      percent: /^\d+$/.test(b.percent.trim()) ? Number(b.percent) : -1,
    })),
    benefits: form.benefits
      .split('\n')
      .map((b) => b.trim())
      .filter((b) => b !== '')
      .map((title) => ({ title })),
    messages: {
      thanks: {
        ...(opt(form.thanksEn) ? { en: form.thanksEn.trim() } : {}),
        ...(opt(form.thanksZh) ? { zh: form.thanksZh.trim() } : {}),
      },
    },
  };
  const parsed = donationSettingValues.safeParse(candidate);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, path: (issue?.path ?? []).join('.'), message: issue?.message ?? 'invalid' };
}
