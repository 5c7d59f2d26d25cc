import type { ReactNode, SVGProps } from 'react';

export type LineIconProps = {
  /** The strokes: one path's data, or several paths. */
  d: string | readonly string[];
  size?: number | string;
  /** Drawn under the strokes (a softly filled body). */
  children?: ReactNode;
} & Omit<SVGProps<SVGSVGElement>, 'children' | 'd'>;

/** A 24×24 stroked icon (currentColor, 1.8 wide, round joins): every line icon of the app is drawn by this one. */
export function LineIcon({ d, size = 22, children, ...rest }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {children}
      {(typeof d === 'string' ? [d] : d).map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}

export const ICON = {
  deposit: 'M12 5v13m-5-5 5 5 5-5M5 20h14',
  withdraw: 'M12 19V6m-5 5 5-5 5 5M5 20h14',
  convert: 'M6 9h12l-3-3M18 15H6l3 3',
  transfer: 'M7 4v16m0 0-3-3m3 3 3-3M17 20V4m0 0-3 3m3-3 3 3',
  gift: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3.5-5-1.2C7 7 9.5 7 12 7zm0 0c1.5-3 5-3.5 5-1.2C17 7 14.5 7 12 7z',
  records: 'M8 6h11M8 12h11M8 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  arrow: 'M5 12h14m-5-5 5 5-5 5',
  more: 'M5 5h5v5H5zM14 5h5v5h-5zM5 14h5v5H5zM14 14h5v5h-5z',
} as const;
