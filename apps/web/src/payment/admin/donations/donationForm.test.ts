import type { SettingRecord } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { fromForm, sharesSum, toForm } from './donationForm';

const record = (settings: Record<string, unknown>): SettingRecord => ({
  id: 'setting_1',
  object: 'setting',
  livemode: false,
  type: 'donate',
  mount_location: 'plink_1',
  description: null,
  component_did: null,
  active: true,
  settings: settings as SettingRecord['settings'],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('donation settings form', () => {
  it('round-trips presets, bounds, beneficiaries, benefits and messages', () => {
    const form = toForm(
      record({
        amount: { presets: ['1', '5'], preset: '5', minimum: '1', custom: true },
        beneficiaries: [
          { name: 'A', percent: 60, type: 'user' },
          { name: 'B', percent: 40, type: 'user' },
        ],
        benefits: [{ title: 'Credits' }],
        messages: { thanks: { en: 'Thanks', zh: '谢谢' } },
      }),
    );
    expect(form.presets).toBe('1, 5');
    expect(sharesSum(form.beneficiaries)).toBe(100);
    const out = fromForm(form);
    expect(out.ok && out.value.amount).toMatchObject({ presets: ['1', '5'], preset: '5', minimum: '1' });
    expect(out.ok && out.value.benefits).toEqual([{ title: 'Credits' }]);
  });

  it('refuses shares that do not add up to 100 and a default preset that is not a preset', () => {
    const form = toForm(record({ amount: { presets: ['1', '5'] } }));
    const shares = fromForm({ ...form, beneficiaries: [{ name: 'A', address: '', percent: '70' }] });
    expect(shares).toMatchObject({ ok: false, path: 'beneficiaries' });
    expect(fromForm({ ...form, preset: '7' })).toMatchObject({ ok: false, path: 'amount.preset' });
    expect(fromForm({ ...form, minimum: '10', maximum: '2' })).toMatchObject({
      ok: false,
      path: 'amount.maximum',
    });
  });
});
