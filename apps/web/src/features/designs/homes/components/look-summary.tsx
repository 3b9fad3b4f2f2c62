/** A look's measured palette as swatches, its materials, forms, named pieces and mood (issue 49). */
export function LookSummary({
  look,
  pieces,
}: {
  look: {
    roomWords: string;
    palette: { hex: string; name: string; share: number }[];
    materials: string[];
    forms: string[];
    mood: string;
    pieces?: unknown;
  };
  pieces?: { name: string; photoUrl: string | null }[];
}) {
  const named = pieces ?? (Array.isArray(look.pieces) ? (look.pieces as string[]) : []).map((name) => ({ name, photoUrl: null }));
  return (
    <div className="space-y-2" data-testid="look-summary">
      <p>
        The look of your <strong>{look.roomWords}</strong>: {look.mood}.
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="Palette, measured from the image">
        {look.palette.map((colour) => (
          <li key={colour.hex} className="flex items-center gap-1 text-sm">
            <span className="inline-block size-6 rounded border border-slate-300" style={{ backgroundColor: colour.hex }} aria-hidden />
            {colour.name} {Math.round(colour.share * 100)}%
          </li>
        ))}
      </ul>
      {look.materials.length > 0 && <p className="text-sm">Materials: {look.materials.join(', ')}</p>}
      {look.forms.length > 0 && <p className="text-sm">Forms: {look.forms.join('; ')}</p>}
      {named.length > 0 && (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Named pieces">
          {named.map((piece) => (
            <li key={piece.name} className="flex items-center gap-1 rounded-full bg-slate-100 px-2 py-1">
              {piece.photoUrl && <img src={piece.photoUrl} alt="" className="size-6 rounded object-cover" />}
              {piece.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
