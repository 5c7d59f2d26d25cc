import { BrandMark, GlobeIcon } from '@/components/ui/icons';
import { Page } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { displayIdentity } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { usePaintedAfter } from '@/lib/use-painted-after';
import { useUserInfo } from '@/lib/user-query';
import { MessageBell } from '@/shared/message-bell';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HomeCarousel } from '../components/home-carousel';
import { NoticeBar } from '../components/notice-bar';
import { QuickActions } from '../components/quick-actions';
import { Rankings } from '../components/rankings';
import { useCarousel } from '../hooks/use-home-queries';

/** Home tab: greeting, banners, announcements, quick actions and the live market rankings (spec §2). */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const bannerPainted = usePaintedAfter(!useCarousel().isPending);
  return (
    <Page
      testId="home-page"
      left={
        <span className="brand">
          <BrandMark size={26} />
          <span className="brand__name">{t('common.appName')}</span>
        </span>
      }
      right={
        <span className="header-actions">
          <MessageBell />
          <Link to={ROUTES.lang} className="icon-button" aria-label={t('settings.language')} data-testid="home-lang">
            <GlobeIcon />
          </Link>
        </span>
      }
    >
      <div className="stack home-stack">
        <section className="hero-surface hero-card" data-testid="home-greeting" aria-live="polite">
          <QueryView query={user} loading={<Skeleton.Paragraph lineCount={3} animated />}>
            {(data) => (
              <>
                <p className="hero-card__eyebrow">{t('home.welcome')}</p>
                <h2 className="hero-card__title">{t('home.greeting', { name: displayIdentity(data) })}</h2>
                <p className="hero-card__meta">
                  <span dir="ltr">UID {data.uid}</span>
                  <span className={`mode-badge badge ${data.mode === 'demo' ? 'tone--warning' : 'tone--accent'}`}>
                    {t(`mine.mode.${data.mode}`)}
                  </span>
                </p>
              </>
            )}
          </QueryView>
        </section>
        <HomeCarousel />
        <NoticeBar />
        <QuickActions />
        <Rankings rows={bannerPainted} />
      </div>
    </Page>
  );
}
