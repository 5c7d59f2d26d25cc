import { BrandMark } from '@/components/ui/icons';
import { Page } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { APP_VERSION } from '@/lib/config';
import { REACH } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { usePlatformInfo } from '../hooks/use-home-queries';
import '../components/home.css';

/**
 * About us (index/info): what the platform is, the live number of products, the countries it reaches (the same
 * "N+" figure as Login and Register: REACH in @nexa/contract, which index/info answers too), how to reach support.
 */
export default function AboutPage() {
  const { t } = useTranslation();
  const info = usePlatformInfo();
  return (
    <Page title={t('home.more.about')} back testId="about-page">
      <div className="stack">
        <section className="about-hero">
          <BrandMark size={56} />
          <h2 className="about-hero__name">{info.data?.name ?? t('common.appName')}</h2>
          <p className="about-hero__version" dir="ltr">
            v{APP_VERSION}
          </p>
        </section>
        <QueryView query={info} loading={<Skeleton.Paragraph lineCount={4} animated />}>
          {(data) => (
            <>
              <p className="about-text">{t('about.intro', { ...REACH, name: data.name })}</p>
              <dl className="fact-list about-facts">
                <div>
                  <dt>{t('about.products')}</dt>
                  <dd dir="ltr" data-testid="about-products">
                    {data.productCount}
                  </dd>
                </div>
                {data.categories.map((c) => (
                  <div key={c.category} data-testid="about-category">
                    <dt>{t(`content.about.categories.${c.category}`, { defaultValue: c.category })}</dt>
                    <dd dir="ltr">{c.count}</dd>
                  </div>
                ))}
                <div>
                  <dt>{t('content.about.languages')}</dt>
                  <dd dir="ltr">{data.languageCount}</dd>
                </div>
                <div>
                  <dt>{t('about.countries')}</dt>
                  <dd dir="ltr" data-testid="about-countries">
                    {t('about.reach', { count: data.countryCount })}
                  </dd>
                </div>
                <div>
                  <dt>{t('about.support')}</dt>
                  <dd>
                    <a href={`mailto:${data.supportEmail}`} dir="ltr" data-testid="about-email">
                      {data.supportEmail}
                    </a>
                  </dd>
                </div>
              </dl>
            </>
          )}
        </QueryView>
      </div>
    </Page>
  );
}
