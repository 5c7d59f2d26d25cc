import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusPill, type StatusTone } from './status-pill';

/**
 * The tag of a feature's statuses: each status's tone and the key of its text. A deposit's review, a verification
 * level: the same pill, their own colours and words.
 */
export function statusTag<S extends string>(tones: Record<S, StatusTone>, textKey: (status: S) => ParseKeys) {
  return function StatusTag({ status, testId }: { status: S; testId?: string }) {
    const { t } = useTranslation();
    return (
      <StatusPill tone={tones[status]} status={status} testId={testId}>
        {t(textKey(status))}
      </StatusPill>
    );
  };
}
