import { messages } from '@rv/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { forgetDrafts } from '@/lib/draft-store';
import { USER_PROFILE_KEY } from '@/lib/user-profile';
import type { UserProfile } from '@rv/contracts/api/account';
import { deleteAccount } from '../api/delete-account';

/** How long the confirmation stays before the home page (which has no toaster) takes over. */
const DELETED_NOTICE_MS = 1_500;

/**
 * Delete account: the user types their e-mail address again. A refusal keeps the dialog open with the
 * server's reason; success signs out (the server cleared the session) and goes home with a toast.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'deleting' | 'deleted'>('idle');
  const busy = state !== 'idle';

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setEmail('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(messages.privacy.deleteEmailMismatch);
      return;
    }
    setState('deleting');
    setError(undefined);
    try {
      const userId = queryClient.getQueryData<UserProfile>(USER_PROFILE_KEY)?.id;
      const answer = await deleteAccount({ email });
      setState('deleted');
      // What this browser kept for the account (its tool forms' drafts, ADR 054) goes with it.
      if (userId) await forgetDrafts(userId);
      queryClient.clear();
      toast.success(messages.privacy.accountDeletedTitle, { description: answer.message });
      // A full load of the home page: nothing of the account stays in memory.
      window.setTimeout(() => window.location.assign(paths.home), DELETED_NOTICE_MS);
    } catch (failure) {
      setError(errorMessage(failure, messages.privacy.deleteFailed));
      setState('idle');
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      {open && (
        <DialogContent title={messages.privacy.deleteTitle} description={messages.privacy.deleteWarning}>
          <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
            <Field id={inputId} label={messages.privacy.deleteConfirmLabel} error={error}>
              <Input
                id={inputId}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                disabled={busy}
                aria-invalid={Boolean(error)}
              />
            </Field>
            <p className="text-sm text-slate-600">
              What is deleted and what is kept is explained in our{' '}
              <Link to={paths.privacy} className="font-semibold text-brand-700 underline">
                privacy page
              </Link>
              .
            </p>
            <div className="flex flex-wrap justify-end gap-3">
              <Button type="button" variant="secondary" onClick={() => close(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={busy}>
                {state === 'idle' ? messages.privacy.deleteAccount : messages.privacy.deleting}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
