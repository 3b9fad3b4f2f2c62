import { messages } from '@rv/contracts/messages';
import { Loader2, Wrench } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * 'Room architecture doesn't match your original?': the Fix Room expander. Disabled while another change
 * runs, and once the design has been refined (the hint then points to the latest version).
 */
export function FixRoomSection({
  open,
  onOpenChange,
  fixing,
  busy,
  refined,
  onFix,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fixing: boolean;
  /** A refinement is running. */
  busy: boolean;
  /** The design has refined versions: Fix Room works on the first design only. */
  refined: boolean;
  onFix: () => void;
}) {
  return (
    <details
      open={open}
      onToggle={(e) => onOpenChange((e.target as HTMLDetailsElement).open)}
      className="rounded-2xl border border-slate-200 p-6"
    >
      <summary className="cursor-pointer text-lg font-bold">Room architecture doesn&apos;t match your original?</summary>
      <p className="mt-3 text-slate-700">
        Fix Room puts your walls, windows, doors and ceiling back where they are in your photo. It takes up to a minute.
      </p>
      <Button
        className="mt-4"
        onClick={onFix}
        disabled={fixing || busy || refined}
        aria-describedby={refined ? 'fix-refined-hint' : undefined}
      >
        {fixing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Wrench className="size-4" aria-hidden />}{' '}
        {fixing ? 'Fixing your room...' : 'Fix Room'}
      </Button>
      {refined && <LatestVersionHint id="fix-refined-hint" />}
    </details>
  );
}

/** Why the first design's Fix Room is disabled once it has been refined, and what to do instead. */
function LatestVersionHint({ id }: { id: string }) {
  return (
    <p id={id} className="mt-2 text-sm text-slate-700">
      {messages.tools.refineLatestVersion}{' '}
      <a href="#refined-title" className="font-semibold text-brand-700 hover:underline">
        Go to the latest version
      </a>
    </p>
  );
}
