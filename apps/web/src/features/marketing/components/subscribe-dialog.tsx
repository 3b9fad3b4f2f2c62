import { useState, type ComponentType, type MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

type FormDialog = ComponentType<{ openCount: number }>;

/**
 * Subscribe Now: a real link to the checkout, which asks for the name and e-mail itself, so that a press
 * is answered by the browser from the first paint on, before any script (ADR 038). Once React runs the
 * page, the press opens the subscribe dialog instead (the enhancement): its code (the form, its checks and
 * messages) loads with the first press, or when the pointer or focus comes near, so the landing page sends
 * only the link before a visitor asks for more. A press with a modifier key (a new tab) stays a link.
 */
export function SubscribeDialog() {
  const [FormDialog, setFormDialog] = useState<FormDialog | null>(null);
  const [openCount, setOpenCount] = useState(0);
  const load = () => import('./subscribe-form-dialog');
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void load().then(({ SubscribeFormDialog }) => {
      setFormDialog(() => SubscribeFormDialog);
      setOpenCount((count) => count + 1);
    });
  };
  const preload = () => void load();
  return (
    <>
      <Button asChild size="lg" className="w-full">
        <a href={paths.checkout} onClick={open} onPointerEnter={preload} onFocus={preload}>
          Subscribe Now
        </a>
      </Button>
      {FormDialog && <FormDialog openCount={openCount} />}
    </>
  );
}
