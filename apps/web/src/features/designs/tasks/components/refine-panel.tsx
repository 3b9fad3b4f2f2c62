import { DESIGN_UPLOAD_LIMITS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { HelpCircle, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import type { PaintedArea } from '@/features/designs/tasks/lib/mask-strokes';
import { followRefinement, startRefinement } from '../api/refinements';
import type { RefineScope } from '@rv/contracts/domain';

type Scope = RefineScope;
const SCOPES: Record<Scope, { title: string; description: string; placeholder: string }> = {
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
 * 'Refine your design': Tweak or Transform, optional photos, and the live status of the refinement. One
 * request carries the prompt, the scope, the base image (by id), the photos and a painted area; then the
 * panel follows that refinement's events (SSE) until it completes or fails.
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
  const [scope, setScope] = useState<Scope | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const stopFollowing = useRef<(() => void) | null>(null);
  // Leaving the page stops following the stream (the refinement itself goes on on the server).
  useEffect(() => () => stopFollowing.current?.(), []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!scope) return;
    if (!text.trim()) {
      toast.error(messages.validation.feedbackRequiredTitle, { description: messages.validation.feedbackRequired });
      return;
    }
    const base = painted ? painted.imageId : baseImageId;
    if (!base) return;
    const chosen = scope;
    setScope(null);
    setStatus('Starting your refinement...');
    onRunningChange(true);
    const failed = (title: string, details?: string) => {
      setStatus(null);
      onRunningChange(false);
      toast.error(title, { description: details || undefined });
    };
    let taskId: string;
    try {
      const mask = painted ? await painted.mask() : undefined;
      ({ taskId } = await startRefinement(designId, { prompt: text.trim(), scope: chosen, baseImageId: base, photos: files, mask }));
    } catch (error) {
      // The request carried the photos and the painted area: its refusal is told as theirs when it had any.
      const title = painted
        ? messages.refineMask.uploadFailed
        : files.length
          ? messages.tools.tweakUploadFailed
          : messages.tools.refineFailed;
      failed(title, errorMessage(error, ''));
      return;
    }
    stopFollowing.current = followRefinement(designId, taskId, (refineEvent) => {
      if (refineEvent.type === 'status') setStatus(refineEvent.message);
      if (refineEvent.type === 'complete') {
        setStatus(null);
        setText('');
        setFiles([]);
        if (fileInput.current) fileInput.current.value = '';
        onRunningChange(false);
        toast.success('Your refined design is ready');
        onRefined(refineEvent.imageId);
      }
      if (refineEvent.type === 'error') failed(messages.tools.refineFailed, refineEvent.details);
    });
  };

  return (
    <section aria-label={heading} className="rounded-2xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-extrabold">{heading}</h2>
        <Button
          onClick={() => setChoosing(true)}
          disabled={disabled || status !== null}
          aria-describedby={disabled && disabledHint ? hintId : undefined}
        >
          Refine
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-700">Refinements are included in your plan and take about 1-2 minutes.</p>
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

      <Dialog open={choosing} onOpenChange={setChoosing}>
        <DialogContent title="How big a change?">
          <div className="grid gap-3 sm:grid-cols-2">
            {(Object.keys(SCOPES) as Scope[]).map((s) => (
              <button
                key={s}
                type="button"
                className="rounded-xl border-2 border-slate-200 p-4 text-left hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                onClick={() => {
                  setChoosing(false);
                  setScope(s);
                }}
              >
                <span className="block text-lg font-bold">{SCOPES[s].title}</span>
                <span className="text-sm text-slate-700">{SCOPES[s].description}</span>
              </button>
            ))}
          </div>
        </DialogContent>
      </Dialog>

      <Dialog open={scope !== null} onOpenChange={(open) => !open && setScope(null)}>
        <DialogContent
          title={scope ? `${SCOPES[scope].title} your design` : 'Refine'}
          description={scope ? SCOPES[scope].description : undefined}
        >
          <form onSubmit={submit} noValidate className="space-y-4">
            {painted && (
              <p className="rounded-lg bg-pink-50 px-3 py-2 text-sm font-semibold text-pink-900">{messages.refineMask.painted}</p>
            )}
            <Field id="refine-text" label="What would you like to change?">
              <Textarea
                id="refine-text"
                value={text}
                maxLength={1000}
                placeholder={scope ? SCOPES[scope].placeholder : ''}
                onChange={(e) => setText(e.target.value)}
              />
            </Field>
            <button
              type="button"
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              onClick={() => setHelpOpen(true)}
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
                onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, DESIGN_UPLOAD_LIMITS.tweak))}
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setScope(null)}>
                Cancel
              </Button>
              <Button type="submit">Refine my design</Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={helpOpen} onOpenChange={setHelpOpen}>
        <DialogContent title="How to write a tweak">
          <ul className="list-disc space-y-2 pl-5 text-slate-800">
            <li>Start with an action word: change, add, remove, replace or move.</li>
            <li>Ask for one or two changes at a time.</li>
            <li>Name the thing and where it is: &ldquo;Replace the rug by the sofa with a round jute rug&rdquo;.</li>
            <li>Add a photo of a piece you love and say where it goes.</li>
          </ul>
        </DialogContent>
      </Dialog>
    </section>
  );
}
