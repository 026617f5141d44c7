import type { PaymentCurrency } from '@payshelf/api';
import { toDecimalString, type DonationSettings } from '@payshelf/money';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CheckoutApi, CheckoutSessionData } from '../../logic/api';
import {
  checkCustomAmount,
  donationConfig,
  readDonationChoice,
  restoreDonationChoice,
  writeDonationChoice,
  type CustomAmountProblem,
  type DonationChoice,
  type DonationConfig,
} from '../../logic/donation';
import { formatError } from '../../logic/errorText';

/** Typing is sent to the server once the customer pauses this long. */
export const TYPING_DEBOUNCE_MS = 400;

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

export interface DonationChoiceOptions {
  api: CheckoutApi;
  session: CheckoutSessionData;
  settings: DonationSettings | null;
  currency: PaymentCurrency;
  userDid: string | undefined;
  setSession(session: CheckoutSessionData): void;
}

export interface DonationChoiceState {
  config: DonationConfig;
  /** The selected preset's index, or 'custom'. */
  selected: number | 'custom';
  /** The custom amount field's text. */
  text: string;
  /** What is wrong with the typed amount (shown once the customer typed), or null. */
  problem: CustomAmountProblem | null;
  /** The server refused the amount: its message. */
  serverError: string | null;
  /** A change is on its way to the server (or waiting for the customer to stop typing). */
  syncing: boolean;
  /** The amount the server holds is the chosen one and it is valid: payment may go ahead. */
  valid: boolean;
  pickPreset(index: number): void;
  pickCustom(): void;
  typeCustom(text: string): void;
  /** A custom amount chosen at once (the random button's result). */
  setCustom(units: bigint): void;
}

function textOf(choice: DonationChoice, decimals: number) {
  return choice.kind === 'custom' && choice.amount !== null ? toDecimalString(choice.amount, decimals) : '';
}

/**
 * The donation amount: presets or a custom amount, remembered per user (SPEC section 9). Every change
 * goes to the server's amount call (typing debounced); only the latest answer counts, and the summary
 * total follows the session the server answers.
 */
export function useDonationChoice(options: DonationChoiceOptions): DonationChoiceState {
  const { api, session, settings, currency, userDid, setSession } = options;
  const line = session.line_items[0];
  const priceId = line ? (line.upsell_price_id ?? line.price_id) : '';
  const storageKey = session.payment_link_id ?? priceId;
  const config = useMemo(() => donationConfig(settings, currency), [settings, currency]);
  const [start] = useState<DonationChoice>(
    () =>
      restoreDonationChoice(readDonationChoice(storage(), userDid, storageKey), currency, config) ??
      config.initial,
  );
  const [selected, setSelected] = useState<number | 'custom'>(
    start.kind === 'preset' ? start.index : 'custom',
  );
  const [text, setText] = useState(() => textOf(start, currency.decimal));
  const [touched, setTouched] = useState(false);
  // The first choice reaches the server unless the session already holds it.
  const [needsStart] = useState(
    () => start.amount !== null && line?.custom_amount !== start.amount.toString(),
  );
  const [syncing, setSyncing] = useState(needsStart);
  const [serverError, setServerError] = useState<string | null>(null);
  const sequence = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Sends an amount; only the latest request's answer counts. Callers mark `syncing` themselves. */
  const request = useCallback(
    (units: bigint, kind: DonationChoice['kind']) => {
      clearTimeout(timer.current);
      sequence.current += 1;
      const mine = sequence.current;
      api.setAmount(session.id, priceId, units.toString(), currency.id).then(
        (answer) => {
          if (mine !== sequence.current) return;
          setSession(answer);
          setServerError(null);
          setSyncing(false);
          writeDonationChoice(storage(), userDid, storageKey, {
            currencyId: currency.id,
            kind,
            amount: units.toString(),
          });
        },
        (error: unknown) => {
          if (mine !== sequence.current) return;
          console.error(error);
          setServerError(formatError(error));
          setSyncing(false);
        },
      );
    },
    [api, session.id, priceId, setSession, userDid, storageKey, currency.id],
  );
  const send = (units: bigint, kind: DonationChoice['kind']) => {
    setSyncing(true);
    request(units, kind);
  };

  /** Stops a pending typed change (its answer, if any, is ignored too). */
  const drop = useCallback(() => {
    clearTimeout(timer.current);
    sequence.current += 1;
    setSyncing(false);
  }, []);

  const sentStart = useRef(false);
  useEffect(() => {
    if (sentStart.current) return;
    sentStart.current = true;
    if (needsStart && start.amount !== null) request(start.amount, start.kind);
  }, [needsStart, start, request]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const check = checkCustomAmount(text, currency, config);
  const custom = selected === 'custom';
  const problem =
    custom && !check.ok && (touched || check.problem.kind !== 'required') ? check.problem : null;
  const amountOk = custom ? check.ok : true;
  const valid = amountOk && !syncing && serverError === null;

  const pickPreset = (index: number) => {
    const amount = config.limits.presets[index];
    if (amount === undefined) return;
    setSelected(index);
    setServerError(null);
    send(amount, 'preset');
  };
  const typeCustom = (value: string) => {
    setText(value);
    setTouched(true);
    setServerError(null);
    const result = checkCustomAmount(value, currency, config);
    if (!result.ok) {
      drop();
      return;
    }
    clearTimeout(timer.current);
    setSyncing(true);
    timer.current = setTimeout(() => send(result.units, 'custom'), TYPING_DEBOUNCE_MS);
  };
  const setCustom = (units: bigint) => {
    setSelected('custom');
    setText(toDecimalString(units, currency.decimal));
    setTouched(true);
    setServerError(null);
    send(units, 'custom');
  };
  const pickCustom = () => {
    setSelected('custom');
    setServerError(null);
    const result = checkCustomAmount(text, currency, config);
    if (result.ok) send(result.units, 'custom');
    else drop();
  };

  return {
    config,
    selected,
    text,
    problem,
    serverError,
    syncing,
    valid,
    pickPreset,
    pickCustom,
    typeCustom,
    setCustom,
  };
}
