import { useState, type ComponentType } from 'react';
import { Button } from '@/components/ui/button';

type FormDialog = ComponentType<{ openCount: number }>;

/**
 * Subscribe Now: the dialog's code (the form, its checks and messages) loads with the first click, so the
 * landing page sends only the button before a visitor asks for more.
 */
export function SubscribeDialog() {
  const [FormDialog, setFormDialog] = useState<FormDialog | null>(null);
  const [openCount, setOpenCount] = useState(0);
  const open = () => {
    void import('./subscribe-form-dialog').then(({ SubscribeFormDialog }) => {
      setFormDialog(() => SubscribeFormDialog);
      setOpenCount((count) => count + 1);
    });
  };
  return (
    <>
      <Button size="lg" className="w-full" onClick={open}>
        Subscribe Now
      </Button>
      {FormDialog && <FormDialog openCount={openCount} />}
    </>
  );
}
