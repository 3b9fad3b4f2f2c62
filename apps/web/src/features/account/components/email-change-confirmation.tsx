import { useQuery } from '@tanstack/react-query';
import { messages } from '@rv/contracts/messages';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { confirmEmailChange, previewEmailChange } from '../api/confirm-email-change';

const text = messages.emailChange;

export interface EmailChangeConfirmationProps {
  /** The token from the link (?confirm_email). */
  token: string;
  /** Called after the press confirmed the address (this browser is now signed in with it), or on Not now. */
  onDone: (confirmed: boolean) => void;
}

/**
 * What the e-mail-change link opens: which account the new address would join, and a button. Opening
 * it changes nothing (the preview call only reads); the press is the POST that proves the address,
 * ends every session and password of the account and signs this browser in (ADR 032).
 */
export function EmailChangeConfirmation({ token, onDone }: EmailChangeConfirmationProps) {
  const preview = useQuery({ queryKey: ['confirmEmailPreview', token], queryFn: () => previewEmailChange(token), retry: false });
  const [pressing, setPressing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const press = async () => {
    setPressing(true);
    setFailure(null);
    try {
      const answer = await confirmEmailChange(token);
      toast.success(answer.message);
      onDone(true);
    } catch (error) {
      setFailure(errorMessage(error, text.failed));
      setPressing(false);
    }
  };

  return (
    <section aria-labelledby="email-change-title" className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <h1 id="email-change-title" className="text-2xl font-extrabold">
        {text.title}
      </h1>
      {preview.isPending && <p role="status">{text.checking}</p>}
      {preview.isError && <p role="alert">{errorMessage(preview.error, text.failed)}</p>}
      {preview.data && (
        <>
          <p data-testid="email-change-account">{text.joins(preview.data.email, preview.data.accountEmail)}</p>
          <p className="text-muted-foreground text-sm">{text.consequence}</p>
          {failure && <p role="alert">{failure}</p>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void press()} disabled={pressing}>
              {pressing ? text.confirming : text.confirm}
            </Button>
            <Button variant="secondary" onClick={() => onDone(false)} disabled={pressing}>
              {text.cancel}
            </Button>
          </div>
        </>
      )}
      {preview.isError && (
        <Button variant="secondary" onClick={() => onDone(false)}>
          {text.cancel}
        </Button>
      )}
    </section>
  );
}
