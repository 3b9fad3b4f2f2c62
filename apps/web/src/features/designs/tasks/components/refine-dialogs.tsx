import { DESIGN_UPLOAD_LIMITS } from '@rv/contracts/constants';
import type { RefineScope } from '@rv/contracts/domain';
import { messages } from '@rv/contracts/messages';
import { HelpCircle } from 'lucide-react';
import type { Ref, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { NativeDialog } from '@/components/ui/native-dialog';
import { Field, Textarea } from '@/components/ui/field';

/** The two scopes a refinement can have, as the scope dialog and the form present them. */
export const SCOPES: Record<RefineScope, { title: string; description: string; placeholder: string }> = {
  tweak: {
    title: 'Tweak',
    description: 'Small, targeted changes. Everything else stays as it is.',
    placeholder: 'e.g. Change the sofa to green velvet',
  },
  transform: {
    title: 'Transform',
    description: 'A major redesign of the furnishings and finishes. The architecture stays.',
    placeholder: 'e.g. Make it a bright Japandi living room',
  },
};

/**
 * 'How big a change?': Tweak or Transform. A native <dialog> in the page, closed, opened by Refine with
 * `dialogCommand(id, 'show-modal')`, so Refine is answered by the browser at its first press, before React
 * runs the page (ADR 048); a choice made then is carried out once React does.
 */
export function ScopeDialog({ id, ref, onChoose }: { id: string; ref: Ref<HTMLDialogElement>; onChoose: (scope: RefineScope) => void }) {
  return (
    <NativeDialog id={id} ref={ref} title="How big a change?" className="max-w-lg">
      <div className="grid gap-3 sm:grid-cols-2">
        {(Object.keys(SCOPES) as RefineScope[]).map((s) => (
          <button
            key={s}
            type="button"
            className="rounded-xl border-2 border-slate-200 p-4 text-left hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            onClick={() => onChoose(s)}
          >
            <span className="block text-lg font-bold">{SCOPES[s].title}</span>
            <span className="text-sm text-slate-700">{SCOPES[s].description}</span>
          </button>
        ))}
      </div>
    </NativeDialog>
  );
}

/** The refinement's form for the chosen scope: what to change, optional photos, Cancel and Refine my design. */
export function RefineFormDialog({
  scope,
  painted,
  text,
  onTextChange,
  onFilesChange,
  fileInput,
  onSubmit,
  onClose,
  onHelp,
}: {
  scope: RefineScope | null;
  /** An area is painted: the form says only it changes. */
  painted: boolean;
  text: string;
  onTextChange: (text: string) => void;
  onFilesChange: (files: File[]) => void;
  fileInput: RefObject<HTMLInputElement | null>;
  onSubmit: (event: React.FormEvent) => void;
  onClose: () => void;
  onHelp: () => void;
}) {
  return (
    <Dialog open={scope !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={scope ? `${SCOPES[scope].title} your design` : 'Refine'}
        description={scope ? SCOPES[scope].description : undefined}
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {painted && <p className="rounded-lg bg-pink-50 px-3 py-2 text-sm font-semibold text-pink-900">{messages.refineMask.painted}</p>}
          <Field id="refine-text" label="What would you like to change?">
            <Textarea
              id="refine-text"
              value={text}
              maxLength={1000}
              placeholder={scope ? SCOPES[scope].placeholder : ''}
              onChange={(e) => onTextChange(e.target.value)}
            />
          </Field>
          <button
            type="button"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
            onClick={onHelp}
          >
            <HelpCircle className="size-4" aria-hidden /> How to write a tweak
          </button>
          <Field
            id="refine-images"
            label="Photos of what you want (optional)"
            hint={`Up to ${DESIGN_UPLOAD_LIMITS.tweak} JPG, PNG or WebP images under 10MB.`}
          >
            <input
              ref={fileInput}
              id="refine-images"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              className="block w-full text-sm"
              onChange={(e) => onFilesChange(Array.from(e.target.files ?? []).slice(0, DESIGN_UPLOAD_LIMITS.tweak))}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Refine my design</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'How to write a tweak': four rules of thumb. */
export function TweakHelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="How to write a tweak">
        <ul className="list-disc space-y-2 pl-5 text-slate-800">
          <li>Start with an action word: change, add, remove, replace or move.</li>
          <li>Ask for one or two changes at a time.</li>
          <li>Name the thing and where it is: &ldquo;Replace the rug by the sofa with a round jute rug&rdquo;.</li>
          <li>Add a photo of a piece you love and say where it goes.</li>
        </ul>
      </DialogContent>
    </Dialog>
  );
}
