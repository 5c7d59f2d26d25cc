import type { CarouselData } from '@nexa/contract';

/** One banner: its artwork with the (translated) title over it; a tap opens its link. */
export function Banner({
  item,
  open,
  lazy = false,
}: {
  item: CarouselData['list'][number];
  open: (link: string) => void;
  /** Banners after the first load their artwork when scrolled near. */
  lazy?: boolean;
}) {
  return (
    <button type="button" className="banner" onClick={() => open(item.link)} data-testid="home-banner">
      <img
        className="banner__image"
        src={item.image}
        alt=""
        width={750}
        height={300}
        draggable={false}
        loading={lazy ? 'lazy' : undefined}
      />
      <span className="banner__title" dir="auto">
        {item.title}
      </span>
    </button>
  );
}
