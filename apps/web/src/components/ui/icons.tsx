/** Inline icons drawn for this app (24×24, currentColor), so the tab bar looks like an exchange's, not a demo's. */
import { LineIcon } from './line-icon';

type IconProps = { active?: boolean; className?: string };

/** A circle as path data. */
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;

/** A rectangle with rounded corners as path data. */
const roundRect = (x: number, y: number, w: number, h: number, r: number) =>
  `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}h${2 * r - w}a${r} ${r} 0 0 1 ${-r} ${-r}v${2 * r - h}a${r} ${r} 0 0 1 ${r} ${-r}z`;

/**
 * An icon of the set at the text's size: `lines` are its strokes; `body`, where it has one, is the outline that
 * fills softly while the icon's tab is active.
 */
function appIcon(lines: readonly string[], body?: string) {
  return function AppIcon({ active = false, className }: IconProps) {
    return (
      <LineIcon d={lines} size="1em" className={className}>
        {body ? <path d={body} fill={active ? 'currentColor' : 'none'} fillOpacity={0.18} /> : null}
      </LineIcon>
    );
  };
}

export const HomeIcon = appIcon(
  [],
  'M3.5 10.2 12 3.5l8.5 6.7V19a1.5 1.5 0 0 1-1.5 1.5h-4.2v-6h-5.6v6H5A1.5 1.5 0 0 1 3.5 19z',
);
export const MarketsIcon = appIcon(['M3.5 20.5h17', 'm4.5 15.5 4.5-5 3.5 3 6.5-7.5', 'M15 6h4v4']);
export const FuturesIcon = appIcon(['M12 7.5V12l3 2'], circle(12, 12, 8.5));
export const PerpetualIcon = appIcon([
  'M7 7.5h11.5l-3-3',
  'M17 16.5H5.5l3 3',
  'M4.5 12.5V10a2.5 2.5 0 0 1 2.5-2.5',
  'M19.5 11.5V14a2.5 2.5 0 0 1-2.5 2.5',
]);
export const AssetsIcon = appIcon(['M3.5 9.5h17', 'M15.5 14.5h2'], roundRect(3.5, 5.5, 17, 14, 2.5));
/** A person: the avatar of a user who has no letter to show (signed up by phone). */
export const PersonIcon = appIcon(['M4.5 20c.8-3.6 3.9-6 7.5-6s6.7 2.4 7.5 6'], circle(12, 8, 4));
export const CopyIcon = appIcon([
  roundRect(8.5, 8.5, 11, 11, 2),
  'M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5',
]);
export const GlobeIcon = appIcon([
  circle(12, 12, 8.5),
  'M3.5 12h17',
  'M12 3.5c2.4 2.3 3.6 5.1 3.6 8.5s-1.2 6.2-3.6 8.5c-2.4-2.3-3.6-5.1-3.6-8.5s1.2-6.2 3.6-8.5z',
]);
export const HeadsetIcon = appIcon([
  'M4.5 14v-2a7.5 7.5 0 0 1 15 0v2',
  roundRect(3.5, 13, 4, 6, 1.5),
  roundRect(16.5, 13, 4, 6, 1.5),
  'M18.5 19c0 1.2-1.3 2-3.5 2h-2',
]);
export const DownloadIcon = appIcon([
  'M12 4v11',
  'm7.5 10.5 4.5 4.5 4.5-4.5',
  'M4.5 16.5V19a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5v-2.5',
]);

/** The brand mark: an N on the accent gradient. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="brand-mark">
      <defs>
        <linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1fd1a5" />
          <stop offset="1" stopColor="#0e9f84" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#brand-gradient)" />
      <path d="M19 45V19h6l14 17V19h6v26h-6L25 28v17z" fill="#04221b" />
    </svg>
  );
}
/** An open eye: what it guards is shown (a password as typed, the amounts). */
export const EyeIcon = appIcon([
  'M2.5 12C4.5 8 8 5.5 12 5.5S19.5 8 21.5 12C19.5 16 16 18.5 12 18.5S4.5 16 2.5 12z',
  circle(12, 12, 3),
]);
/** A struck-through eye: what it guards is hidden. */
export const EyeOffIcon = appIcon([
  'M3.5 3.5l17 17',
  'M9.9 5.7A9.6 9.6 0 0 1 12 5.5c4 0 7.5 2.5 9.5 6.5a14 14 0 0 1-2.6 3.5',
  'M6.5 6.9C4.8 8.1 3.5 9.9 2.5 12c2 4 5.5 6.5 9.5 6.5 1.9 0 3.6-.6 5.1-1.5',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2',
]);
