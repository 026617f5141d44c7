// Stripe's test cards as the local server plays them: what a charge on each does, on and off session.

export type CardBehaviour =
  /** Charges succeed. */
  | 'succeed'
  /** Declined: `card_declined` with this decline code. */
  | 'generic_decline'
  | 'insufficient_funds'
  /** 3-D Secure on every payment, also off session (there: `authentication_required`). */
  | 'authenticate_always'
  /** 3-D Secure on session unless saved for off-session use; off-session charges then succeed. */
  | 'authenticate_unless_setup';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  behaviour: CardBehaviour;
}

const CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'succeed' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeed' },
  { number: '4000000000000002', brand: 'visa', behaviour: 'generic_decline' },
  { number: '4000000000009995', brand: 'visa', behaviour: 'insufficient_funds' },
  { number: '4000002760003184', brand: 'visa', behaviour: 'authenticate_always' },
  { number: '4000000000003220', brand: 'visa', behaviour: 'authenticate_always' },
  { number: '4000002500003155', brand: 'visa', behaviour: 'authenticate_unless_setup' },
];

/** Stripe's test PaymentMethod ids (`pm_card_visa`, …) and the card each stands for. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
  pm_card_authenticationRequiredSetupForOffSession: '4000002500003155',
};

/** The test card of a number (spaces ignored); unknown numbers are refused like an invalid card. */
export function testCard(number: string): TestCard | undefined {
  const digits = number.replace(/\s+/g, '');
  return CARDS.find((card) => card.number === digits);
}

export type ChargeOutcome =
  | { kind: 'succeeded' }
  | { kind: 'requires_action' }
  | { kind: 'declined'; code: string; declineCode: string; message: string };

const DECLINED = 'Your card was declined.';

/**
 * What charging a card does. `offSession`: the customer is not there to authenticate;
 * `setUpForOffSession`: the card was saved (SetupIntent or setup_future_usage) before.
 */
export function chargeOutcome(
  card: TestCard,
  offSession: boolean,
  setUpForOffSession: boolean,
  authenticated: boolean,
): ChargeOutcome {
  switch (card.behaviour) {
    case 'succeed':
      return { kind: 'succeeded' };
    case 'generic_decline':
      return { kind: 'declined', code: 'card_declined', declineCode: 'generic_decline', message: DECLINED };
    case 'insufficient_funds':
      return {
        kind: 'declined',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      };
    case 'authenticate_always':
    case 'authenticate_unless_setup': {
      if (authenticated) return { kind: 'succeeded' };
      if (card.behaviour === 'authenticate_unless_setup' && offSession && setUpForOffSession) {
        return { kind: 'succeeded' };
      }
      if (offSession) {
        return {
          kind: 'declined',
          code: 'authentication_required',
          declineCode: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        };
      }
      return { kind: 'requires_action' };
    }
  }
}

/** What saving a card (a SetupIntent) does: cards that ask for 3-D Secure ask for it here too. */
export function setupNeedsAction(card: TestCard): boolean {
  return card.behaviour === 'authenticate_always' || card.behaviour === 'authenticate_unless_setup';
}

/** Whether saving a card is declined outright (declining test cards cannot be saved either). */
export function setupDecline(card: TestCard): ChargeOutcome | null {
  const outcome = chargeOutcome(card, false, false, false);
  return outcome.kind === 'declined' ? outcome : null;
}
