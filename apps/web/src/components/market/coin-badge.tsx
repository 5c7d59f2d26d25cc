/** A round badge with the asset's letters, its colour derived from the name, so every row has a recognisable mark. */
export function CoinBadge({ base, size = 32 }: { base: string; size?: number }) {
  let hash = 0;
  for (const ch of base) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const letters = base.slice(0, 4);
  return (
    <span
      className="coin-badge"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * (letters.length > 3 ? 0.27 : letters.length > 2 ? 0.31 : 0.36),
        background: `linear-gradient(135deg, hsl(${hue} 70% 52%), hsl(${(hue + 40) % 360} 75% 42%))`,
      }}
    >
      {letters}
    </span>
  );
}
