import { MenuList } from '@/components/ui/menu-list';
import { Page } from '@/components/ui/page';
import { ROUTES } from '@/lib/routes';
import { useLanguageItem } from '@/shared/language-item';
import { useTranslation } from 'react-i18next';
import { AnnouncementList } from '../components/announcement-list';
import '../components/home.css';

/** Home → More: the pages that do not fit the quick actions, then every announcement with its unread mark. */
export default function MorePage() {
  const { t } = useTranslation();
  const language = useLanguageItem('more-language');
  return (
    <Page title={t('home.more.title')} back testId="more-page">
      <div className="stack">
        <MenuList
          items={[
            { label: t('home.more.help'), to: ROUTES.helpCenter, testId: 'more-help' },
            { label: t('content.faq.title'), to: ROUTES.help, testId: 'more-faq' },
            { label: t('home.more.about'), to: ROUTES.about, testId: 'more-about' },
            language,
            { label: t('pages.download.title'), to: ROUTES.download, testId: 'more-download' },
          ]}
        />
        <AnnouncementList />
      </div>
    </Page>
  );
}
