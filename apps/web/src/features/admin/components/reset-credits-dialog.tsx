import { messages } from '@rv/contracts/messages';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useResetUserCredits } from '../api/reset-user-credits';

/** 'Reset User Credits?': sets the user's used transformations back to 0, after a confirmation. */
export function ResetCreditsDialog({ email, used, limit }: { email: string; used: number; limit: number }) {
  const [open, setOpen] = useState(false);
  const reset = useResetUserCredits();
  // Awaited here rather than in mutate's callbacks: the Reset button (and this dialog) goes away once
  // the user has 0 used, and callbacks of an unmounted caller never run.
  const confirm = async () => {
    try {
      await reset.mutateAsync(email);
      toast.success(messages.admin.creditsReset, { description: `${email} has ${limit} of ${limit} transformations available.` });
      setOpen(false);
    } catch (error) {
      toast.error(messages.admin.resetCreditsFailed, { description: errorMessage(error, 'Please try again.') });
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Reset credits of ${email}`}>
          <RotateCcw className="size-4" aria-hidden /> Reset Credits
        </Button>
      </DialogTrigger>
      <DialogContent
        title={messages.admin.resetCreditsTitle}
        description={
          <>
            This sets the used transformations of <strong className="break-all">{email}</strong> from {used} back to 0. This action cannot
            be undone.
          </>
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={reset.isPending}>
            {reset.isPending ? 'Resetting...' : 'Reset Credits'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
