import { X } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

type DialogCommand = 'show-modal' | 'close';

/** The box of every dialog of the app: centred, scrolling within itself, over a dimmed page. */
export const DIALOG_BOX =
  'm-auto max-h-[90vh] w-[calc(100%-2rem)] overflow-y-auto rounded-xl bg-white p-6 text-left text-base text-slate-900 shadow-xl backdrop:bg-slate-950/50';

/** Invoker commands are in the browser (Chromium 135+, Firefox 144+, Safari 26.2+). */
const platformCommands = () => typeof HTMLButtonElement !== 'undefined' && 'commandForElement' in HTMLButtonElement.prototype;

/**
 * A button's props that open (`show-modal`) or close the native <dialog> `dialogId`: the platform's
 * invoker command, so a press at first paint is answered before any script (ADR 038); in a browser
 * without invoker commands, a handler once React runs the page.
 */
export function dialogCommand(dialogId: string, command: DialogCommand) {
  return {
    commandfor: dialogId,
    command,
    onClick: () => {
      if (!platformCommands()) runDialogCommand(dialogId, command);
    },
  } as Record<'commandfor' | 'command', string> & { onClick: () => void };
}

/** Opens (`show-modal`) or closes the native <dialog> `dialogId` from a script: what its buttons' commands do. */
export function runDialogCommand(dialogId: string, command: DialogCommand) {
  const dialog = document.getElementById(dialogId);
  if (!(dialog instanceof HTMLDialogElement)) return;
  if (command === 'close') dialog.close();
  else if (!dialog.open) dialog.showModal();
}

/**
 * A native <dialog> in the page's HTML, with its title, an optional description and a close button:
 * opened and closed by buttons with `dialogCommand`, so it works before React runs the page.
 */
export function NativeDialog({
  id,
  title,
  description,
  className,
  ref,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  className?: string;
  ref?: Ref<HTMLDialogElement>;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      className={cn(DIALOG_BOX, className)}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {title}
          </h2>
          {description && (
            <p id={`${id}-description`} className="mt-1 text-sm text-slate-700">
              {description}
            </p>
          )}
        </div>
        <button
          type="button"
          aria-label="Close"
          className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
          {...dialogCommand(id, 'close')}
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>
      {children}
    </dialog>
  );
}
