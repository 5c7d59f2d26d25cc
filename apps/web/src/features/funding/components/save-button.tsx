import { PrimaryButton } from '@/components/ui/primary-button';
import type { ReactNode } from 'react';
import type { FundingSave } from '../hooks/use-funding-save';

/** The button that saves a prerequisite form: `checked` says what to send (null: the form shows why not). */
export function SaveButton<B>({
  save,
  checked,
  testId,
  children,
}: {
  save: FundingSave<B>;
  checked: () => B | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <PrimaryButton loading={save.saving} disabled={save.busy} onClick={() => void save.submit(checked)} testId={testId}>
      {children}
    </PrimaryButton>
  );
}
