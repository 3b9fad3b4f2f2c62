import { refinementWait } from '@rv/contracts/constants';
import { Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { dialogCommand } from '@/components/ui/native-dialog';
import { getSiteConfig } from '@/lib/site-config';
import type { PaintedArea } from '@/features/designs/tasks/lib/mask-strokes';
import { useRefinement } from '../hooks/use-refinement';
import { RefineFormDialog, ScopeDialog, TweakHelpDialog } from './refine-dialogs';

/**
 * 'Refine your design': Tweak or Transform, optional photos, and the live status of the refinement
 * (useRefinement sends it and follows its events).
 */
export function RefinePanel({
  designId,
  heading,
  disabled,
  disabledHint,
  baseImageId,
  onRunningChange,
  onRefined,
  painted,
}: {
  designId: string;
  heading: string;
  disabled: boolean;
  /** Why Refine is disabled and what to do instead, shown under it while it is. */
  disabledHint?: string;
  /** The image refined (by id) when nothing is painted; a painted area names its own image. */
  baseImageId?: string;
  onRunningChange: (running: boolean) => void;
  /** The refinement completed: the new image's id. */
  onRefined: (imageId: string) => void;
  /** 'Change only here': the area painted on one of the results; the refinement then changes only it. */
  painted?: PaintedArea | null;
}) {
  const [helpOpen, setHelpOpen] = useState(false);
  const hintId = useId();
  const scopeId = useId();
  const scopeDialog = useRef<HTMLDialogElement>(null);
  const refinement = useRefinement({ designId, baseImageId, painted, onRunningChange, onRefined });
  const { status } = refinement;

  return (
    <section aria-label={heading} className="rounded-2xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-extrabold">{heading}</h2>
        <Button
          {...dialogCommand(scopeId, 'show-modal')}
          disabled={disabled || status !== null}
          aria-describedby={disabled && disabledHint ? hintId : undefined}
        >
          Refine
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Refinements are included in your plan and take {refinementWait(getSiteConfig().imageEngine)}.
      </p>
      {disabled && disabledHint && (
        <p id={hintId} className="mt-2 text-sm font-medium text-slate-800">
          {disabledHint}{' '}
          <a href="#refined-title" className="font-semibold text-brand-700 hover:underline">
            Go to the latest version
          </a>
        </p>
      )}
      {status && (
        <p role="status" className="mt-4 flex items-center gap-2 font-medium text-brand-800">
          <Loader2 className="size-4 animate-spin" aria-hidden /> {status}
        </p>
      )}

      <ScopeDialog
        id={scopeId}
        ref={scopeDialog}
        onChoose={(scope) => {
          scopeDialog.current?.close();
          refinement.setScope(scope);
        }}
      />
      <RefineFormDialog
        scope={refinement.scope}
        painted={Boolean(painted)}
        text={refinement.text}
        onTextChange={refinement.setText}
        onFilesChange={refinement.setFiles}
        fileInput={refinement.fileInput}
        onSubmit={refinement.submit}
        onClose={() => refinement.setScope(null)}
        onHelp={() => setHelpOpen(true)}
      />
      <TweakHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </section>
  );
}
