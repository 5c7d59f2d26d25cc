import { useTranslation } from 'react-i18next';
import { ComingSoon } from './coming-soon';
import { Page } from './page';

export type ComingSoonPageKey = 'download' | 'service' | 'helpCenter';

/** A page of the spec's tree that a later issue fills: nav bar with back, and the coming-soon state. */
export default function ComingSoonPage({ page }: { page: ComingSoonPageKey }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`pages.${page}.title`)} back testId={`page-${page}`}>
      <ComingSoon description={t(`pages.${page}.desc`)} />
    </Page>
  );
}
