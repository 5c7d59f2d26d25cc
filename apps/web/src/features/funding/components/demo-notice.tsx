import { useAccountMode } from '@/shared/account-mode';

/** Deposits and withdrawals concern the real account only: said plainly while the user is in the demo account. */
export function DemoNotice({ text, testId = 'funding-demo-notice' }: { text: string; testId?: string }) {
  const demo = useAccountMode() === 'demo';
  if (!demo) return null;
  return (
    <p className="callout tone--warning" role="note" data-testid={testId}>
      {text}
    </p>
  );
}
