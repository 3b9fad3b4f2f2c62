import { Slot } from '@radix-ui/react-slot';
import { X } from 'lucide-react';
import { createContext, use, useId, useLayoutEffect, useRef, useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { DIALOG_BOX } from './native-dialog';

/** Whether a dialog is open, and how to open or close it (its owner may refuse: `onOpenChange`). */
interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
}
const DialogContext = createContext<DialogState | null>(null);

function useDialogState(): DialogState {
  const state = use(DialogContext);
  if (!state) throw new Error('DialogTrigger and DialogContent go inside a <Dialog>');
  return state;
}

/**
 * A dialog's state: given by its owner (`open`, told of each change by `onOpenChange`), or its own, opened
 * by a DialogTrigger. The app's dialogs are the platform's modal <dialog> (ADR 048): the browser keeps the
 * focus in it, makes the rest of the page inert and gives the focus back when it closes.
 */
export function Dialog({ open, onOpenChange, children }: { open?: boolean; onOpenChange?: (open: boolean) => void; children: ReactNode }) {
  const [ownOpen, setOwnOpen] = useState(false);
  const state: DialogState = {
    open: open ?? ownOpen,
    setOpen: (next) => {
      if (open === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
  };
  return <DialogContext value={state}>{children}</DialogContext>;
}

/** The button that opens its dialog (`asChild`: the one given, such as a Button). */
export function DialogTrigger({ asChild, onClick, ...props }: ComponentProps<'button'> & { asChild?: boolean }) {
  const { open, setOpen } = useDialogState();
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      {...(asChild ? {} : { type: 'button' as const })}
      aria-haspopup="dialog"
      aria-expanded={open}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(true);
      }}
    />
  );
}

/** Whether a click on the <dialog> element itself fell outside its box: on the backdrop. */
function onBackdrop(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

/**
 * A modal <dialog>, open while it is drawn: shown with `showModal()` as it mounts, closed as it goes (the
 * browser then gives the focus back to what had it). Escape, the platform's other ways to close it and a
 * press on the backdrop ask `onDismiss`; whoever drew it decides whether it goes. Drawn into <body>, so it
 * may be used anywhere (a <dialog> may not sit in a paragraph or a button).
 */
export function ModalDialog({
  onDismiss,
  className,
  children,
  ...labels
}: {
  onDismiss: () => void;
  className?: string;
  children: ReactNode;
  'aria-labelledby': string;
  'aria-describedby'?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  return createPortal(
    <dialog
      ref={ref}
      {...labels}
      className={cn(DIALOG_BOX, 'overscroll-contain', className)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Not the platform's close: the owner says whether the dialog goes.
        event.preventDefault();
        event.stopPropagation();
        onDismiss();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        if (onBackdrop(event)) onDismiss();
      }}
    >
      {children}
    </dialog>,
    document.body,
  );
}

/** A dialog's window: its title, a description (read out with it), what it holds, and a close button. Drawn only while open. */
export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { open, setOpen } = useDialogState();
  const id = useId();
  if (!open) return null;
  return (
    <ModalDialog
      onDismiss={() => setOpen(false)}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className={cn('max-w-lg', className)}
    >
      <h2 id={`${id}-title`} className="pr-8 text-xl font-bold">
        {title}
      </h2>
      <p id={`${id}-description`} className={description ? 'mt-1 text-sm text-slate-600' : 'sr-only'}>
        {description ?? title}
      </p>
      <div className="mt-4">{children}</div>
      <button
        type="button"
        onClick={() => setOpen(false)}
        className="absolute top-4 right-4 rounded p-1 text-slate-500 hover:bg-slate-100"
        aria-label="Close"
      >
        <X className="size-5" aria-hidden />
      </button>
    </ModalDialog>
  );
}
