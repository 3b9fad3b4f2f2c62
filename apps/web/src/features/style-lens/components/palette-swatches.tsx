import { STYLE_LENS } from '@rv/contracts/constants';
import { cn } from '@/lib/cn';

/** "#d9cbb5 warm sand" → { hex: '#d9cbb5', name: 'warm sand' }. */
export function parsePaletteEntry(entry: string): { hex: string; name: string } {
  const [hex = '', ...name] = entry.trim().split(/\s+/);
  return { hex, name: name.join(' ') || hex };
}

/** The palette's first 4 swatches, each with its colour name, then '+N more' (docs/product-rules.md#stylelens). */
export function PaletteSwatches({
  palette,
  size = 'md',
  className,
}: {
  palette: readonly string[];
  size?: 'sm' | 'md';
  className?: string;
}) {
  const shown = palette.slice(0, STYLE_LENS.paletteSwatches).map(parsePaletteEntry);
  const more = palette.length - shown.length;
  return (
    <ul aria-label="Palette" className={cn('flex flex-wrap items-center gap-3', className)}>
      {shown.map(({ hex, name }) => (
        <li key={`${hex}-${name}`} className="flex items-center gap-2">
          <span
            aria-hidden
            className={cn('shrink-0 rounded-md border border-slate-300 shadow-inner', size === 'sm' ? 'size-5' : 'size-8')}
            style={{ backgroundColor: /^#[0-9a-f]{6}$/i.test(hex) ? hex : undefined }}
          />
          <span className={cn('text-slate-800', size === 'sm' ? 'text-xs' : 'text-sm')}>{name}</span>
        </li>
      ))}
      {more > 0 && <li className={cn('font-semibold text-slate-700', size === 'sm' ? 'text-xs' : 'text-sm')}>+{more} more</li>}
    </ul>
  );
}
