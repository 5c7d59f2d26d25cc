import type { ReactNode } from 'react';

/**
 * The install guide's drawings, in the app's colours (CSS classes read the theme's variables, so they follow dark
 * and light): a phone at each step, the control to tap ringed in the accent colour. No words inside the drawings:
 * the steps' text beside them is translated.
 */
function Phone({ children, label }: { children: ReactNode; label: string }) {
  return (
    <svg viewBox="0 0 120 200" className="install-art" role="img" aria-label={label}>
      <rect x="6" y="4" width="108" height="192" rx="18" className="art-body" />
      <rect x="12" y="14" width="96" height="172" rx="10" className="art-screen" />
      {children}
    </svg>
  );
}

/** The app's tile (an N on the accent gradient) at x, y, size s. */
function AppTile({ x, y, s }: { x: number; y: number; s: number }) {
  const k = s / 64;
  return (
    <g transform={`translate(${x} ${y}) scale(${k})`}>
      <rect width="64" height="64" rx="15" className="art-accent" />
      <path d="M19 45V19h6l14 17V19h6v26h-6L25 28v17z" className="art-on-accent" />
    </g>
  );
}

const Ring = ({ cx, cy, r = 11 }: { cx: number; cy: number; r?: number }) => (
  <circle cx={cx} cy={cy} r={r} className="art-ring" />
);

/** Page content: a few lines of text and a card, as any web page. */
const PageLines = ({ top }: { top: number }) => (
  <g className="art-muted">
    <rect x="20" y={top} width="80" height="34" rx="6" />
    <rect x="20" y={top + 42} width="64" height="6" rx="3" />
    <rect x="20" y={top + 54} width="72" height="6" rx="3" />
    <rect x="20" y={top + 66} width="52" height="6" rx="3" />
  </g>
);

const HomeScreen = () => (
  <>
    <g className="art-muted">
      {[0, 1, 2].map((row) =>
        [0, 1, 2, 3].map((col) =>
          row === 2 && col === 1 ? null : (
            <rect key={`${row}-${col}`} x={19 + col * 22} y={40 + row * 28} width="16" height="16" rx="4" />
          ),
        ),
      )}
    </g>
    <AppTile x={41} y={96} s={16} />
    <Ring cx={49} cy={104} r={14} />
  </>
);

/** iOS Safari: 1 the Share button in the toolbar, 2 "Add to Home Screen" in the sheet, 3 the icon on the Home Screen. */
export function IosSteps({ step }: { step: number }) {
  return (
    <Phone label={`iOS ${step}`}>
      {step === 1 ? (
        <>
          <rect x="20" y="22" width="80" height="12" rx="6" className="art-muted" />
          <PageLines top={44} />
          <rect x="12" y="160" width="96" height="26" className="art-bar" />
          <g className="art-stroke">
            <path d="M27 168l-4 4 4 4M35 168l4 4-4 4M80 167h8v8M77 170h8v8h-8z" />
            <path d="M54 169h-3v10h18v-10h-3" />
            <path d="M60 164v9M57 167l3-3 3 3" />
          </g>
          <Ring cx={60} cy={172} />
        </>
      ) : step === 2 ? (
        <>
          <PageLines top={24} />
          <rect x="12" y="96" width="96" height="90" rx="10" className="art-bar" />
          <g className="art-muted">
            <rect x="20" y="106" width="80" height="14" rx="4" />
            <rect x="20" y="146" width="80" height="14" rx="4" />
            <rect x="20" y="166" width="80" height="14" rx="4" />
          </g>
          <rect x="20" y="126" width="80" height="14" rx="4" className="art-highlight" />
          <rect x="26" y="128" width="10" height="10" rx="2" className="art-stroke" />
          <path d="M31 130v6M28 133h6" className="art-stroke" />
          <rect x="42" y="131" width="44" height="4" rx="2" className="art-accent" />
        </>
      ) : (
        <HomeScreen />
      )}
    </Phone>
  );
}

/** Android Chrome: 1 the ⋮ menu, 2 "Install app" (or "Add to Home screen") in it, 3 the icon on the home screen. */
export function AndroidSteps({ step }: { step: number }) {
  return (
    <Phone label={`Android ${step}`}>
      {step === 1 ? (
        <>
          <rect x="12" y="14" width="96" height="22" rx="10" className="art-bar" />
          <rect x="20" y="21" width="66" height="8" rx="4" className="art-muted" />
          <g className="art-dots">
            <circle cx="97" cy="20" r="1.8" />
            <circle cx="97" cy="25" r="1.8" />
            <circle cx="97" cy="30" r="1.8" />
          </g>
          <Ring cx={97} cy={25} r={9} />
          <PageLines top={46} />
        </>
      ) : step === 2 ? (
        <>
          <rect x="12" y="14" width="96" height="22" rx="10" className="art-bar" />
          <PageLines top={46} />
          <rect x="46" y="30" width="58" height="96" rx="8" className="art-menu" />
          <g className="art-muted">
            <rect x="54" y="40" width="40" height="6" rx="3" />
            <rect x="54" y="56" width="34" height="6" rx="3" />
            <rect x="54" y="88" width="38" height="6" rx="3" />
            <rect x="54" y="104" width="30" height="6" rx="3" />
          </g>
          <rect x="50" y="68" width="50" height="14" rx="4" className="art-highlight" />
          <rect x="54" y="71" width="8" height="8" rx="2" className="art-stroke" />
          <rect x="66" y="73" width="28" height="4" rx="2" className="art-accent" />
        </>
      ) : (
        <HomeScreen />
      )}
    </Phone>
  );
}

export function AppleGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <rect x="6" y="2.5" width="12" height="19" rx="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10 18.5h4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function AndroidGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="currentColor">
      <path d="M5 11a7 7 0 0 1 14 0v1H5z" />
      <rect x="5" y="13" width="14" height="7" rx="2" />
      <path d="m7.5 5.5-1.5-2M16.5 5.5l1.5-2" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
      <circle cx="9.5" cy="8.5" r="1" className="art-eye" />
      <circle cx="14.5" cy="8.5" r="1" className="art-eye" />
    </svg>
  );
}
