import { useSearchParams } from 'react-router';
import { CheckoutReady, type CheckoutMode } from './components/CheckoutReady';
import { CheckoutMessage, CheckoutSkeleton } from './components/CheckoutStates';
import { useCheckoutData } from './useCheckoutData';

interface CheckoutPageProps {
  source: { link: string } | { session: string };
  testId: string;
  /** standalone (default), inline or minimal; `?mode=` may also choose it. */
  mode?: CheckoutMode;
  /** Removes the order summary (also `?hide_summary=1`). */
  hideSummary?: boolean;
}

function modeOf(value: string | null): CheckoutMode | undefined {
  return value === 'standalone' || value === 'inline' || value === 'minimal' ? value : undefined;
}

/** A checkout for a payment link or a session: placeholders, then the form or the state it is in. */
export function CheckoutPage({ source, testId, mode, hideSummary }: CheckoutPageProps) {
  const [params] = useSearchParams();
  const data = useCheckoutData(source);
  if (data.load.status === 'loading') return <CheckoutSkeleton />;
  if (data.load.status === 'error') {
    return (
      <CheckoutMessage
        testId={testId}
        kind="error"
        error={data.load.error}
        onRetry={() => window.location.reload()}
      />
    );
  }
  return (
    <CheckoutReady
      key={data.load.view.checkoutSession.id}
      data={data}
      view={data.load.view}
      mode={mode ?? modeOf(params.get('mode')) ?? 'standalone'}
      hideSummary={hideSummary ?? params.get('hide_summary') === '1'}
      testId={testId}
    />
  );
}
