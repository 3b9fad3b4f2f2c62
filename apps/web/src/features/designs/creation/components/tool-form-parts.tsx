import { messages } from '@rv/contracts/messages';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { UploadItem } from '@/components/ui/upload-drop-zone';
import { paths } from '@/config/paths';
import { creationFailure } from '../api/creation-failure';

/** One numbered part of a tool form: its heading (with '(optional)' and anything beside it), a line of help, then its fields. */
export function FormSection({
  id,
  title,
  optional = false,
  intro,
  aside,
  children,
}: {
  id: string;
  title: string;
  optional?: boolean;
  intro?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-xl font-bold">
      {title} {optional && <span className="font-normal text-slate-700">(optional)</span>}
    </h2>
  );
  return (
    <section aria-labelledby={id} className="space-y-4">
      {aside ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {aside}
        </div>
      ) : intro ? (
        <div>
          {heading}
          <p className="mt-1 text-slate-700">{intro}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** The words typed beside each uploaded item (description, placement, label...), kept by item id. */
export function useItemTexts<T extends object>(empty: T) {
  const [texts, setTexts] = useState<Record<string, T>>({});
  const textOf = (item: UploadItem) => texts[item.id] ?? empty;
  const setText = (itemId: string, patch: Partial<T>) => setTexts((all) => ({ ...all, [itemId]: { ...(all[itemId] ?? empty), ...patch } }));
  return { textOf, setText, itemTexts: texts, setItemTexts: setTexts };
}

/**
 * Each drop zone's refusal message (a wrong file type, too large, not an image, too many files): shown once,
 * under the zone (an alert a screen reader says), cleared by a good upload.
 */
export function useUploadZones<Zone extends string>() {
  const [rejected, setRejected] = useState<Partial<Record<Zone, string>>>({});
  const onUpload = (zone: Zone, set: (items: UploadItem[]) => void) => (items: UploadItem[]) => {
    set(items);
    setRejected((all) => ({ ...all, [zone]: undefined }));
  };
  const onReject = (zone: Zone) => (message: string) => {
    setRejected((all) => ({ ...all, [zone]: message }));
  };
  return { rejected, onUpload, onReject };
}

/**
 * What both tools do when creating a design fails: no credits left (402) goes to the pricing card with
 * the server's words; anything else is told by `tell`, and the focus returns to the submit button once
 * the (kept, still filled) form is shown again.
 */
export function useCreationFailure(busy: boolean, submitId: string) {
  const navigate = useNavigate();
  const returnFocus = useRef(false);
  useEffect(() => {
    if (busy || !returnFocus.current) return;
    returnFocus.current = false;
    document.getElementById(submitId)?.focus();
  }, [busy, submitId]);

  return (error: unknown, tell: (message: string) => void) => {
    const failure = creationFailure(error);
    if (failure.status === 402) {
      toast.error(messages.tools.creditErrorTitle, { description: failure.message });
      void navigate(paths.pricing, { state: { notice: failure.message } });
      return;
    }
    tell(failure.message);
    returnFocus.current = true;
  };
}
