import { messages } from '@rv/contracts/messages';
import { PRESS } from '@rv/contracts/press';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { NativeDialog, dialogCommand, runDialogCommand } from '@/components/ui/native-dialog';
import { paths } from '@/config/paths';

const DIALOG_ID = 'subscribe-dialog';
const NAME_ID = 'subscribe-name';
const EMAIL_ID = 'subscribe-email';

/**
 * Subscribe Now and its dialog: full name and e-mail, both required, then on to the checkout. All of it works
 * from the page's HTML, before or without React (ADR 068): the button opens the native <dialog> by its
 * invoker command, and the form is one the browser sends itself (GET /checkout?name=...&email=..., which the
 * checkout's fields are filled from); a press on Continue with a field left empty shows the spec's message at
 * once (the press rules' `PRESS.requiredFor`). Once React runs the page, it checks the same and goes on to the
 * checkout without reloading, the name and e-mail trimmed.
 */
export function SubscribeDialog() {
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    if (!name || !email) {
      setMissing(true);
      return;
    }
    runDialogCommand(DIALOG_ID, 'close');
    void navigate(paths.checkoutFor(email, name));
  };

  return (
    <>
      <Button size="lg" className="w-full" {...dialogCommand(DIALOG_ID, 'show-modal')}>
        Subscribe Now
      </Button>
      <NativeDialog id={DIALOG_ID} title="Start your subscription" className="max-w-md">
        <form action={paths.checkout} method="get" onSubmit={submit} noValidate className="space-y-4">
          <div
            role="alert"
            hidden={!missing}
            {...{ [PRESS.requiredFor]: `${NAME_ID} ${EMAIL_ID}` }}
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            <strong>{messages.validation.missingInformationTitle}</strong>: {messages.validation.missingInformation}
          </div>
          <Field id={NAME_ID} label="Full name *">
            <Input id={NAME_ID} name="name" autoComplete="name" />
          </Field>
          <Field id={EMAIL_ID} label="Email *">
            <Input id={EMAIL_ID} name="email" type="email" autoComplete="email" />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" {...dialogCommand(DIALOG_ID, 'close')}>
              Cancel
            </Button>
            <Button type="submit">Continue to payment</Button>
          </div>
        </form>
      </NativeDialog>
    </>
  );
}
