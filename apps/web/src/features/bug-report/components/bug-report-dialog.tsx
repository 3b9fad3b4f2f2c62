import { BUG_REPORT_MAX_FILES } from '@rv/contracts/api/support';
import { messages } from '@rv/contracts/messages';
import { Bug } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useCreateBugReport } from '../api/create-bug-report';

/** 'Report a bug': description required (submit disabled while blank), optional e-mail and screenshots. */
export function BugReportDialog({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [screenshots, setScreenshots] = useState<File[]>([]);
  const mutation = useCreateBugReport();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { description: description.trim(), email: email.trim(), screenshots },
      {
        onSuccess: () => {
          toast.success(messages.bugReport.submitted, { description: 'Thank you. We read every report.' });
          setDescription('');
          setEmail('');
          setScreenshots([]);
          setOpen(false);
        },
        // What the user typed stays in the form so they can try again.
        onError: (error) => toast.error(messages.bugReport.failed, { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button type="button" className="inline-flex items-center gap-1.5 text-sm text-slate-700 underline-offset-4 hover:underline">
          <Bug className="size-4" aria-hidden /> Report a bug
        </button>
      </DialogTrigger>
      <DialogContent title="Report a bug" description="Tell us what went wrong. We include this page's address and your browser version.">
        <form onSubmit={submit} className="space-y-4">
          <Field id="bug-description" label="What happened? *">
            <Textarea id="bug-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={5000} required />
          </Field>
          <Field id="bug-email" label="Your email (optional)" hint="Only if you would like us to get back to you.">
            <Input id="bug-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
          </Field>
          <Field
            id="bug-screenshots"
            label="Screenshots (optional)"
            hint={`Up to ${BUG_REPORT_MAX_FILES} JPG, PNG or WebP images under 10MB.`}
          >
            <Input
              id="bug-screenshots"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="h-auto py-2"
              onChange={(e) => setScreenshots(Array.from(e.target.files ?? []).slice(0, BUG_REPORT_MAX_FILES))}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!description.trim() || mutation.isPending}>
              {mutation.isPending ? 'Sending...' : 'Submit Report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
