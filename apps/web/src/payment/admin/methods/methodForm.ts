import type {
  PaymentMethod,
  PaymentMethodCreate,
  PaymentMethodSettings,
  PaymentMethodUpdate,
} from '@payshelf/api';
import { integerField, textField, type FieldIssue } from '../forms/issues';

export const METHOD_TYPES = ['arcblock', 'ethereum', 'base', 'bitcoin', 'stripe'] as const;
export type MethodType = (typeof METHOD_TYPES)[number];

interface ChainValues {
  chain_id: string;
  api_host: string;
  explorer_host: string;
}

/** The payment method form: the settings of every rail, of which only the chosen type's are sent. */
export interface MethodFormValues {
  type: MethodType;
  name: string;
  description: string;
  logo: string;
  settings: {
    stripe: { publishable_key: string; secret_key: string; webhook_signing_secret: string };
    ethereum: ChainValues;
    base: ChainValues;
    arcblock: ChainValues;
    bitcoin: { network: 'mainnet' | 'testnet' | 'regtest'; api_host: string; explorer_host: string };
  };
}

type StoredChain = { chain_id: number | string; api_host: string; explorer_host?: string | undefined };

const chain = (c?: StoredChain): ChainValues => ({
  chain_id: c ? String(c.chain_id) : '',
  api_host: c?.api_host ?? '',
  explorer_host: c?.explorer_host ?? '',
});

export function methodFormValues(m?: PaymentMethod): MethodFormValues {
  const s = m?.settings;
  return {
    type: m?.type ?? 'ethereum',
    name: m?.name ?? '',
    description: m?.description ?? '',
    logo: m?.logo ?? '',
    settings: {
      stripe: {
        publishable_key: s?.stripe?.publishable_key ?? '',
        secret_key: '',
        webhook_signing_secret: '',
      },
      ethereum: chain(s?.ethereum),
      base: chain(s?.base),
      arcblock: chain(s?.arcblock),
      bitcoin: {
        network: s?.bitcoin?.network ?? 'testnet',
        api_host: s?.bitcoin?.api_host ?? '',
        explorer_host: s?.bitcoin?.explorer_host ?? '',
      },
    },
  };
}

function settingsOf(v: MethodFormValues, issues: FieldIssue[]): PaymentMethodSettings {
  const s = v.settings;
  const evm = (key: 'ethereum' | 'base') => ({
    chain_id: integerField(s[key].chain_id, `settings.${key}.chain_id`, issues) ?? 0,
    api_host: s[key].api_host.trim(),
    // Optional for EVM chains (a local chain has no explorer): an empty field sends none.
    explorer_host: textField(s[key].explorer_host),
  });
  switch (v.type) {
    case 'stripe':
      return {
        stripe: {
          publishable_key: s.stripe.publishable_key.trim(),
          secret_key: textField(s.stripe.secret_key),
          webhook_signing_secret: textField(s.stripe.webhook_signing_secret),
        },
      };
    case 'ethereum':
    case 'base':
      return { [v.type]: evm(v.type) };
    case 'arcblock':
      return {
        arcblock: {
          chain_id: s.arcblock.chain_id.trim(),
          api_host: s.arcblock.api_host.trim(),
          explorer_host: s.arcblock.explorer_host.trim(),
        },
      };
    case 'bitcoin':
      return {
        bitcoin: {
          ...s.bitcoin,
          api_host: s.bitcoin.api_host.trim(),
          explorer_host: s.bitcoin.explorer_host.trim(),
        },
      };
  }
}

export function toMethodCreate(v: MethodFormValues, issues: FieldIssue[]): PaymentMethodCreate {
  return {
    type: v.type,
    name: v.name.trim(),
    description: textField(v.description),
    logo: textField(v.logo),
    settings: settingsOf(v, issues),
  };
}

export function toMethodUpdate(v: MethodFormValues, issues: FieldIssue[]): PaymentMethodUpdate {
  return {
    name: v.name.trim(),
    description: textField(v.description) ?? null,
    logo: textField(v.logo) ?? null,
    settings: settingsOf(v, issues),
  };
}
