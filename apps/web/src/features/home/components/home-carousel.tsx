import { afterNextPaint } from '@/lib/async';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCarousel } from '../hooks/use-home-queries';
import { Banner } from './banner';

const BannerSwiper = lazy(() => import('./banner-swiper'));

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
 * place, and if it fails or is empty it is left out rather than showing an error above the markets. The first
 * banner is painted on its own, and the swipeable carousel (antd-mobile's Swiper, with its gesture and spring
 * libraries) takes its place after that paint: the home page's largest paint is this banner, and it no longer waits
 * for the carousel's code.
 */
export function HomeCarousel() {
  const { t } = useTranslation();
  const carousel = useCarousel();
  const open = useOpenLink();
  const list = carousel.data?.list ?? [];
  const [swipe, setSwipe] = useState(false);
  const several = list.length > 1;
  useEffect(() => (several ? afterNextPaint(() => setSwipe(true)) : undefined), [several]);
  if (carousel.isPending) return <div className="banner banner--placeholder" aria-hidden="true" />;
  const first = list[0];
  if (!first) return null;
  const still = <Banner item={first} open={open} />;
  return (
    <section className="home-carousel" data-testid="home-carousel" aria-label={t('home.banners')}>
      {swipe && several ? (
        <Suspense fallback={still}>
          <BannerSwiper list={list} open={open} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
