import { PRESS } from '@rv/contracts/press';
import type { DesignView } from '@rv/contracts/api/design-view';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { bringCloser, takeLook } from '../api/homes';
import { LookSummary } from './look-summary';

/**
 * Whole home, one look (issue 49), on a results page: the look a design was made with and how close it
 * came ("Matches your living room closely"), 'Bring it closer' when it is not close; and for the owner,
 * "Use this look in another room" under each result, which takes its look and opens the tool with it.
 */
export function LookOnResults({
  design,
  readOnly,
  onChanged,
}: {
  design: DesignView;
  readOnly: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const results = design.images.filter((image) => image.kind !== 'refined');
  const { look, consistency } = design;
  if (design.status !== 'done' || (readOnly && !look)) return null;

  const carryLook = async (imageId: string) => {
    setBusy(imageId);
    setProblem(null);
    try {
      const answer = await takeLook(design.id, imageId);
      const tool = design.tool === 'furnishing' ? paths.furnishing : paths.kitchenBathroom;
      void navigate(`${tool}?${new URLSearchParams({ look: answer.look.id })}`);
    } catch (error) {
      setProblem(errorMessage(error, 'We could not take this look. Please try again.'));
      setBusy(null);
    }
  };
  const closer = async () => {
    setBusy('closer');
    setProblem(null);
    try {
      await bringCloser(design.id);
      await onChanged();
    } catch (error) {
      setProblem(errorMessage(error, 'We could not bring it closer. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="whole-home-title" className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-5">
      <h2 id="whole-home-title" className="text-xl font-bold">
        Whole home, one look
      </h2>
      {look && (
        <div className="space-y-3">
          <LookSummary look={look} />
          {consistency && (
            <p role="status" data-testid="consistency" className="font-semibold">
              {consistency.words}{' '}
              <span className="font-normal text-slate-700">
                (palette distance {consistency.paletteDistance.toFixed(1)} in CIEDE2000
                {consistency.piecesTotal > 0 ? `; ${consistency.piecesFound} of ${consistency.piecesTotal} named pieces found again` : ''})
              </span>
            </p>
          )}
          {consistency?.lookAsWordsOnly && (
            <p className="text-sm text-slate-700">
              The image model takes {consistency.lookAsWordsOnly} image{consistency.lookAsWordsOnly === 1 ? '' : 's'}, so the look reached
              it in words only, without its picture.
            </p>
          )}
          {!readOnly && consistency && consistency.level !== 'close' && (
            <Button className="h-auto! max-w-full py-2 text-left whitespace-normal!" onClick={() => void closer()} disabled={busy !== null}>
              {busy === 'closer' ? 'Bringing it closer...' : 'Bring it closer'}
            </Button>
          )}
        </div>
      )}
      {!readOnly && (
        <ul className="flex flex-wrap gap-3">
          {results.map((image, index) => (
            <li key={image.id} className="flex flex-wrap items-center gap-2">
              {/* Which result's look, said beside the button: its label stays one line on a 320 px phone. */}
              {results.length > 1 && <span className="text-sm font-semibold text-slate-600">Result {index + 1}</span>}
              <Button
                variant="secondary"
                size="sm"
                aria-label={results.length > 1 ? `Use this look in another room (result ${index + 1})` : undefined}
                onClick={() => void carryLook(image.id)}
                disabled={busy !== null}
              >
                {/* Both labels are in the page: a press before React runs the page shows 'Taking the look...' at once (docs/press.md). */}
                <span hidden={busy === image.id}>Use this look in another room</span>
                <span hidden={busy !== image.id} {...{ [PRESS.pendingLabel]: true }}>
                  Taking the look...
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}
