import type { CarouselData } from '@nexa/contract';
import { Swiper } from 'antd-mobile';
import { Banner } from './banner';

/** The banners as a swipeable, auto-playing carousel (loaded after the first paint: see `HomeCarousel`). */
export default function BannerSwiper({ list, open }: { list: CarouselData['list']; open: (link: string) => void }) {
  return (
    <Swiper autoplay autoplayInterval={4500} loop indicatorProps={{ className: 'home-carousel__dots' }}>
      {list.map((item) => (
        <Swiper.Item key={item.id}>
          <Banner item={item} open={open} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
