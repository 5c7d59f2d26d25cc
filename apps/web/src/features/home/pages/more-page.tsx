import { SoonTag } from '@/components/ui/coming-soon';
import { Page } from '@/components/ui/page';
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { DEFAULT_LANG, LANG_NAMES } from '@nexa/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Home → More: the pages that do not fit the quick actions. */
export default function MorePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSession((s) => s.lang) ?? DEFAULT_LANG;
  return (
    <Page title={t('home.more.title')} back testId="more-page">
      <div className="stack">
        <List className="card-list">
          <List.Item onClick={() => navigate(ROUTES.helpCenter)} extra={<SoonTag />} data-testid="more-help">
            {t('home.more.help')}
          </List.Item>
          <List.Item onClick={() => navigate(ROUTES.about)} data-testid="more-about">
            {t('home.more.about')}
          </List.Item>
          <List.Item
            onClick={() => navigate(ROUTES.lang)}
            extra={<span className="list-extra">{LANG_NAMES[lang]}</span>}
            data-testid="more-language"
          >
            {t('settings.language')}
          </List.Item>
          <List.Item onClick={() => navigate(ROUTES.download)} data-testid="more-download">
            {t('pages.download.title')}
          </List.Item>
        </List>
      </div>
    </Page>
  );
}
