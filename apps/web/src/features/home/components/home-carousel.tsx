import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCarousel } from '../hooks/use-home-queries';

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
 * place, and if it fails or is empty it is left out rather than showing an error above the markets.
 */
export function HomeCarousel() {
  const { t } = useTranslation();
  const carousel = useCarousel();
  const open = useOpenLink();
  const list = carousel.data?.list ?? [];
  if (carousel.isPending) return <div className="banner banner--placeholder" aria-hidden="true" />;
  if (list.length === 0) return null;
  return (
    <section className="home-carousel" data-testid="home-carousel" aria-label={t('home.banners')}>
      <Swiper
        autoplay={list.length > 1}
        autoplayInterval={4500}
        loop={list.length > 1}
        indicatorProps={{ className: 'home-carousel__dots' }}
      >
        {list.map((item) => (
          <Swiper.Item key={item.id}>
            <button type="button" className="banner" onClick={() => open(item.link)} data-testid="home-banner">
              <img className="banner__image" src={item.image} alt="" width={750} height={300} draggable={false} />
              <span className="banner__title" dir="auto">
                {item.title}
              </span>
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}
