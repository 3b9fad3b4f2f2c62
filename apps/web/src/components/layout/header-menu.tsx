import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A disclosure for the header links that do not fit a phone's width (the WAI-ARIA disclosure
 * navigation pattern, not an application menu): a button with aria-expanded that shows a panel of
 * links under the header. Escape closes it and puts focus back on the button; a click or focus outside
 * closes it; following a link closes it (`children` gets the close function). Hand-written rather than a
 * Radix popover: it sits on the landing page, whose script budget a positioning library would spend.
 */
export function HeaderMenu({
  id,
  label,
  className,
  children,
}: {
  /**
   * The panel's id (the button's is `<id>-button`): the same in the app shell's header and in the one React
   * draws, so a menu opened before React ran is found again in its place (lib/press/early-press.ts).
   */
  id: string;
  label: string;
  className?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const Icon = open ? X : Menu;
  return (
    <div
      ref={root}
      className={className}
      onBlur={(event) => {
        // Only a focus that lands outside: Safari does not focus a clicked link, and that click must still land.
        if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Icon className="size-5" aria-hidden />
      </button>
      <div id={id} hidden={!open} className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg">
        <ul className="mx-auto max-w-6xl py-2">{children(() => setOpen(false))}</ul>
      </div>
    </div>
  );
}

/** A link row of the header menu, a comfortable tap target. */
export function headerMenuLinkClass(className?: string) {
  return cn(
    'block px-4 py-3 text-base font-semibold whitespace-nowrap text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
    className,
  );
}
