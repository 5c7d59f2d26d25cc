import { BrandMark } from '@/components/ui/icons';
import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { QueryView } from '@/components/ui/query-view';
import { promptInstall, usePwa } from '@/lib/pwa';
import { ROUTES } from '@/lib/routes';
import type { AppDownloadData } from '@nexa/contract';
import { Skeleton, Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDownload } from '../api/download-api';
import { AndroidGlyph, AppleGlyph } from '../components/install-art';
import './download.css';

/**
 * Download the app (spec §2 mine/download): the native apps when operators publish them, and always the installable
 * web app: the browser's own install prompt where it offers one, the install guide everywhere else.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  const links = useAppDownload();
  return (
    <Page title={t('download.title')} back testId="download-page">
      <div className="stack">
        <section className="dl-hero">
          <BrandMark size={64} />
          <h2 className="dl-hero__name">{t('common.appName')}</h2>
          <p className="dl-hero__lead">{t('download.lead')}</p>
        </section>
        <QueryView query={links} loading={<Skeleton.Paragraph lineCount={3} animated />}>
          {(data) => <NativeApps data={data} />}
        </QueryView>
        <WebAppInstall />
      </div>
    </Page>
  );
}

function NativeApps({ data }: { data: AppDownloadData }) {
  const { t } = useTranslation();
  const apps = [
    { key: 'ios', release: data.ios, label: t('download.ios'), Glyph: AppleGlyph },
    { key: 'android', release: data.android, label: t('download.android'), Glyph: AndroidGlyph },
  ].filter((a) => a.release !== null);
  if (apps.length === 0) return null;
  return (
    <section className="dl-card" data-testid="download-native">
      <h3 className="dl-card__title">{t('download.nativeTitle')}</h3>
      {apps.map(({ key, release, label, Glyph }) => (
        <a
          key={key}
          className="dl-native"
          href={release!.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`download-${key}`}
        >
          <span className="dl-native__glyph" aria-hidden="true">
            <Glyph />
          </span>
          <span className="dl-native__text">
            <span className="dl-native__label">{label}</span>
            {release!.version ? (
              <span className="dl-native__version">{t('download.version', { version: release!.version })}</span>
            ) : null}
          </span>
          <span className="dl-native__get">{t('download.get')}</span>
        </a>
      ))}
    </section>
  );
}

function WebAppInstall() {
  const { t } = useTranslation();
  const prompt = usePwa((s) => s.installPrompt);
  const installed = usePwa((s) => s.installed);
  const install = async () => {
    if (await promptInstall()) Toast.show({ icon: 'success', content: t('download.installedNow') });
  };
  return (
    <section className="dl-card" data-testid="download-pwa">
      <h3 className="dl-card__title">{t('download.pwaTitle')}</h3>
      <p className="dl-card__text">{t('download.pwaDesc')}</p>
      {installed ? (
        <p className="callout callout--small tone--accent" data-testid="download-installed">
          {t('download.installed')}
        </p>
      ) : prompt ? (
        <PrimaryButton testId="download-install" onClick={() => void install()}>
          {t('download.install')}
        </PrimaryButton>
      ) : null}
      <Link to={ROUTES.instructions} className="dl-guide-link" data-testid="download-guide">
        <span>{t('download.guide')}</span>
        <RightOutline />
      </Link>
    </section>
  );
}
