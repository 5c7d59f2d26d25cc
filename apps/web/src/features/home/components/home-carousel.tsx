import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCarousel } from '../hooks/use-home-queries';
import { Banner } from './banner';
import { BannerCarousel } from './banner-carousel';

/** Opens a banner's link: an in-app hash route (`#/pages/…`), or an https page in a new tab. */
function useOpenLink() {
  const navigate = useNavigate();
  return (link: string) => {
    if (link.startsWith('#/')) navigate(link.slice(1));
    else if (/^https:\/\//.test(link)) window.open(link, '_blank', 'noopener,noreferrer');
  };
}

/**
 * The banner carousel (index/carouselList). Decoration: while it loads a block of the same size holds its
 * place, and if it fails or is empty it is left out rather than showing an error above the markets. Several banners
 * are a swipeable, auto-playing row (`BannerCarousel`); the first one is the home page's largest paint.
 */
export function HomeCarousel() {
  const { t } = useTranslation();
  const carousel = useCarousel();
  const open = useOpenLink();
  const list = carousel.data?.list ?? [];
  if (carousel.isPending) return <div className="banner banner--placeholder" aria-hidden="true" />;
  const first = list[0];
  if (!first) return null;
  return (
    <section className="home-carousel" data-testid="home-carousel" aria-label={t('home.banners')}>
      {list.length > 1 ? (
        // A new set of banners (another language, an operator's edit) is a new carousel, watched from its first.
        <BannerCarousel key={list.map((item) => item.id).join()} list={list} open={open} />
      ) : (
        <Banner item={first} open={open} />
      )}
    </section>
  );
}
