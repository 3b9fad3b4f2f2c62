import { BUG_REPORT_MAX_FILES } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { Bug, X } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useCreateBugReport } from '../api/create-bug-report';

const DIALOG_ID = 'bug-report-dialog';
/** The platform opens and closes the dialog (`commandfor`): no script needed, so a press at first paint is answered (ADR 038). */
const opens = { commandfor: DIALOG_ID, command: 'show-modal' } as Record<string, string>;
const closes = { commandfor: DIALOG_ID, command: 'close' } as Record<string, string>;
const triggerClass = 'inline-flex items-center gap-1.5 text-sm text-slate-700 underline-offset-4 hover:underline';
/** Invoker commands are in the browser (Chromium 135+, Firefox 144+, Safari 26.2+); elsewhere the handlers below open and close it. */
const platformCommands = () => typeof HTMLButtonElement !== 'undefined' && 'commandForElement' in HTMLButtonElement.prototype;

/**
 * 'Report a bug': a native <dialog> in the page's HTML, opened and closed by the platform's invoker
 * commands, so it opens at the first press, before any script. The form is uncontrolled: what was typed
 * before React ran the page stays in its fields and is read when it is sent. The description is required:
 * once React runs the page the submit button is disabled while it is empty or blank (spec); before that a
 * press on it is kept (lib/early-press.ts) and carried out then, with what was typed.
 */
export function BugReportDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const [blank, setBlank] = useState(true);
  const mutation = useCreateBugReport();
  const fields = () =>
    form.current!.elements as HTMLFormControlsCollection & Record<'description' | 'email' | 'screenshots', HTMLInputElement>;

  // What was typed before React ran the page is in the field.
  useLayoutEffect(() => setBlank(!fields().description.value.trim()), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { description, email, screenshots } = fields();
    if (!description.value.trim()) return;
    mutation.mutate(
      {
        description: description.value.trim(),
        email: email.value.trim(),
        screenshots: Array.from(screenshots.files ?? []).slice(0, BUG_REPORT_MAX_FILES),
      },
      {
        onSuccess: () => {
          toast.success(messages.bugReport.submitted, { description: 'Thank you. We read every report.' });
          form.current?.reset();
          setBlank(true);
          dialog.current?.close();
        },
        // What the user typed stays in the form so they can try again.
        onError: (error) => toast.error(messages.bugReport.failed, { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <>
      <button type="button" className={triggerClass} {...opens} onClick={() => platformCommands() || dialog.current?.showModal()}>
        <Bug className="size-4" aria-hidden /> Report a bug
      </button>
      <dialog
        ref={dialog}
        id={DIALOG_ID}
        aria-labelledby="bug-report-title"
        aria-describedby="bug-report-description"
        className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-6 text-left text-base text-slate-900 shadow-xl backdrop:bg-slate-950/50"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id="bug-report-title" className="text-xl font-bold">
              Report a bug
            </h2>
            <p id="bug-report-description" className="mt-1 text-sm text-slate-700">
              Tell us what went wrong. We include this page&apos;s address and your browser version.
            </p>
          </div>
          <button
            type="button"
            aria-label="Close"
            className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
            {...closes}
            onClick={() => platformCommands() || dialog.current?.close()}
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <form ref={form} onSubmit={submit} className="space-y-4">
          <Field id="bug-description" label="What happened? *">
            <Textarea
              id="bug-description"
              name="description"
              maxLength={5000}
              required
              onChange={(event) => setBlank(!event.target.value.trim())}
            />
          </Field>
          <Field id="bug-email" label="Your email (optional)" hint="Only if you would like us to get back to you.">
            <Input id="bug-email" name="email" type="email" autoComplete="email" />
          </Field>
          <Field
            id="bug-screenshots"
            label="Screenshots (optional)"
            hint={`Up to ${BUG_REPORT_MAX_FILES} JPG, PNG or WebP images under 10MB.`}
          >
            <Input
              id="bug-screenshots"
              name="screenshots"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="h-auto py-2"
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" {...closes} onClick={() => platformCommands() || dialog.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" disabled={hydrated && (blank || mutation.isPending)}>
              {mutation.isPending ? 'Sending...' : 'Submit Report'}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
