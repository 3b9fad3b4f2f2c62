import { BUG_REPORT_MAX_FILES } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { Bug } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { dialogCommand, NativeDialog } from '@/components/ui/native-dialog';
import { errorMessage } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useCreateBugReport } from '../api/create-bug-report';

const DIALOG_ID = 'bug-report-dialog';
const triggerClass = 'inline-flex items-center gap-1.5 text-sm text-slate-700 underline-offset-4 hover:underline';

/**
 * 'Report a bug': a native <dialog> in the page's HTML, opened and closed by the platform's invoker
 * commands, so it opens at the first press, before any script. The form is uncontrolled: what was typed
 * before React ran the page stays in its fields and is read when it is sent. The description is required:
 * once React runs the page the submit button is disabled while it is empty or blank (spec); before that a
 * press on it is kept (lib/press/early-press.ts) and carried out then, with what was typed.
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
      <button type="button" className={triggerClass} {...dialogCommand(DIALOG_ID, 'show-modal')}>
        <Bug className="size-4" aria-hidden /> Report a bug
      </button>
      <NativeDialog
        ref={dialog}
        id={DIALOG_ID}
        title="Report a bug"
        description="Tell us what went wrong. We include this page's address and your browser version."
        className="max-w-lg"
      >
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
            <Button type="button" variant="secondary" {...dialogCommand(DIALOG_ID, 'close')}>
              Cancel
            </Button>
            <Button type="submit" disabled={hydrated && (blank || mutation.isPending)}>
              {mutation.isPending ? 'Sending...' : 'Submit Report'}
            </Button>
          </div>
        </form>
      </NativeDialog>
    </>
  );
}
