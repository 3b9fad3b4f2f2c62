import { useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { hasImageSignature } from '@/lib/image-signature';
import { noteCheckingPick } from './pending-picks';
import { createUploadItem, isAcceptedImage, notAnImage, refusalOf, revokeUploadItems, type UploadItem } from './upload-items';

/**
 * The upload drop zone's files: picks and drops checked (name, type, size, then the first bytes), the
 * limit on how many, the previews' object URLs revoked when they go, and photos picked before React ran
 * (a page the server rendered) taken in as it takes over.
 */
export function useUploadDropZone({
  id,
  items,
  onChange,
  multiple,
  limit,
  onReject,
}: {
  id: string;
  items: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  multiple: boolean;
  /** How many files the zone holds (one when not multiple). */
  limit: number;
  onReject?: (message: string) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  // Revoke what is still shown when the zone goes away. The check runs a moment later, so a zone that
  // is mounted again at once (React's development double mount) keeps the previews it still displays.
  const shown = useRef(items);
  useEffect(() => {
    shown.current = items;
  }, [items]);
  useEffect(() => {
    const current = shown;
    return () => {
      window.setTimeout(() => {
        if (!document.getElementById(id)) revokeUploadItems(current.current);
      }, 0);
    };
  }, [id]);

  /** Takes in the files that passed (`accepted`) beside what is shown now; `refused` tells why the first that did not was refused. */
  const takeFiles = (accepted: File[], refused: string | undefined, current: UploadItem[]) => {
    let overflow: string | undefined;
    if (multiple) {
      const room = Math.max(0, limit - current.length);
      if (accepted.length > room) overflow = `You can add up to ${limit} photos here.`;
      const added = accepted.slice(0, room).map(createUploadItem);
      if (added.length > 0) onChange((shown.current = [...current, ...added]));
    } else {
      const [file] = accepted;
      if (accepted.length > 1) overflow = 'Please choose one photo.';
      if (file) {
        revokeUploadItems(current);
        onChange((shown.current = [createUploadItem(file)]));
      }
    }
    if (refused) onReject?.(refused);
    else if (overflow) onReject?.(overflow);
  };

  /**
   * A pick or a drop: a file is taken only when its name, type and size are allowed and its first bytes
   * are those of an image (a text file named `.jpg` is refused on the spot, and never shown or sent). While
   * the bytes are read the pick is noted as being checked (pending-picks.ts), and what it adds is drawn at
   * once when the check is over, so a form sent meanwhile finds it.
   */
  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const typed = files.filter(isAcceptedImage);
    const refusedByName = files.map(refusalOf).find(Boolean);
    noteCheckingPick(
      Promise.all(typed.map(hasImageSignature)).then((images) => {
        const accepted = typed.filter((_, index) => images[index]);
        const fake = typed.find((_, index) => !images[index]);
        flushSync(() => takeFiles(accepted, refusedByName ?? (fake && notAnImage(fake)), shown.current));
      }),
    );
  };

  // A page the server rendered shows this zone before React runs it (a tool form, ADR 026): photos picked
  // meanwhile are in the input (the browser keeps its files); they are taken in as React takes over, in a
  // layout effect, so that the form's state has them before a press kept meanwhile is carried out.
  // Those are taken at once (a press may follow in the same task), then their bytes are checked: a file
  // that is not an image is taken out again and refused.
  const adoptPicked = useRef((files: File[]) => {
    const typed = files.filter(isAcceptedImage);
    takeFiles(typed, files.map(refusalOf).find(Boolean), shown.current);
    const taken = shown.current;
    void Promise.all(taken.map((item) => hasImageSignature(item.file))).then((images) => {
      const bad = taken.filter((_, index) => !images[index]);
      if (bad.length === 0) return;
      revokeUploadItems(bad);
      onChange((shown.current = shown.current.filter((item) => !bad.includes(item))));
      onReject?.(notAnImage(bad[0]!.file));
    });
  });
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input?.files?.length) return;
    adoptPicked.current(Array.from(input.files));
    input.value = '';
  }, []);

  const remove = (item: UploadItem) => {
    URL.revokeObjectURL(item.preview);
    onChange(items.filter((other) => other.id !== item.id));
    inputRef.current?.focus();
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  };

  return { inputRef, dragging, setDragging, addFiles, remove, onDrop, onKeyDown };
}
