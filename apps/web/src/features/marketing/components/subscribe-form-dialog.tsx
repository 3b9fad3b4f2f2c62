import { messages } from '@rv/contracts/messages';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { paths } from '@/config/paths';

/**
 * The landing page's subscribe dialog: full name and e-mail, both required, then on to checkout. A
 * native <dialog> (focus trapped by the browser) keeps the landing page light; it loads with the first
 * click on Subscribe Now (subscribe-dialog.tsx) and opens at once.
 */
export function SubscribeFormDialog({ openCount }: { openCount: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !email.trim()) {
      setMissing(true);
      return;
    }
    dialog.current?.close();
    void navigate(paths.checkoutFor(email.trim(), name.trim()));
  };

  // Each click on Subscribe Now (counted by the button) opens the dialog.
  useEffect(() => {
    if (openCount > 0 && !dialog.current?.open) dialog.current?.showModal();
  }, [openCount]);

  return (
    <>
      <dialog
        ref={dialog}
        aria-labelledby="subscribe-title"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-6 shadow-xl backdrop:bg-slate-950/50"
      >
        <h2 id="subscribe-title" className="text-xl font-bold">
          Start your subscription
        </h2>
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          {missing && (
            <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              <strong>{messages.validation.missingInformationTitle}</strong>: {messages.validation.missingInformation}
            </div>
          )}
          <Field id="subscribe-name" label="Full name *">
            <Input id="subscribe-name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id="subscribe-email" label="Email *">
            <Input id="subscribe-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button type="submit">Continue to payment</Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
