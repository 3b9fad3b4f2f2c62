import type { ViewImage } from '@rv/contracts/api/design-view';

/** What the dialog reads of the image it saves (by its id). */
export type SavableImage = Pick<ViewImage, 'id' | 'name' | 'roomType' | 'notes'>;
import { ROOM_TYPES } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useUpdateDesignImage } from '@/features/designs/images/api/update-design-image';
import { isKnownRoomType, roomTypeLabel, toStoredRoomType } from '@/features/designs/images/lib/room-types';
import { forgetSaveDraft, keepSaveDraft, readSaveDraft } from '@/features/designs/images/lib/save-draft';

export const DESIGN_NAME_REQUIRED = 'Design Name is required';

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

function initialRoomType(stored: string | null, fallback: string): { choice: string; other: string } {
  if (!stored) return { choice: fallback, other: '' };
  if (isKnownRoomType(stored)) return { choice: stored, other: '' };
  // Other, or a type that is not in the list: the free-text box shows it.
  return { choice: 'other', other: stored === 'other' ? '' : (roomTypeLabel(stored) ?? '') };
}

function SaveImageForm({
  designId,
  image,
  thumbUrl,
  defaultRoomType,
  onDone,
}: {
  designId: string;
  image: SavableImage;
  thumbUrl?: string;
  defaultRoomType: string;
  onDone: (saved?: ViewImage) => void;
}) {
  // What was typed before a sign-in interrupted the save comes back (lib/save-draft.ts).
  const [draft] = useState(() => readSaveDraft(designId, image.id));
  const [name, setName] = useState(draft?.name ?? image.name ?? '');
  const [{ choice, other }, setRoomType] = useState(() => draft?.roomType ?? initialRoomType(image.roomType, defaultRoomType));
  const [notes, setNotes] = useState(draft?.notes ?? image.notes ?? '');
  const [errors, setErrors] = useState<{ name?: string; other?: string }>({});
  const save = useUpdateDesignImage(designId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : DESIGN_NAME_REQUIRED,
      other: choice === 'other' && !other.trim() ? messages.validation.otherRoomTypeRequired : undefined,
    };
    setErrors(found);
    if (found.name || found.other) return;
    const designName = name.trim();
    const roomType = choice === 'other' ? toStoredRoomType(other) || 'other' : choice;
    // Kept until the save succeeds: an ended session sends the person to sign in, and they come back to it.
    keepSaveDraft(designId, { imageId: image.id, name, roomType: { choice, other }, notes });
    save.mutate(
      { imageId: image.id, body: { saved: true, name: designName, roomType, notes: notes.trim() || null } },
      {
        onSuccess: (answer) => {
          forgetSaveDraft(designId);
          toast.success(messages.account.designSaved(designName));
          onDone(answer.image);
        },
        onError: () => toast.error(messages.account.saveDesignsFailed),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {thumbUrl && <img src={thumbUrl} alt="" className="aspect-[4/3] w-full rounded-xl object-cover" />}
      <Field id="save-design-name" label="Design Name *" error={errors.name}>
        <Input
          id="save-design-name"
          value={name}
          maxLength={200}
          required
          aria-invalid={Boolean(errors.name)}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field id="save-design-room-type" label="Room Type">
        <select
          id="save-design-room-type"
          className={selectClass}
          value={choice}
          onChange={(e) => setRoomType({ choice: e.target.value, other })}
        >
          {ROOM_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
      </Field>
      {choice === 'other' && (
        <Field id="save-design-other-room-type" label="Other room type" error={errors.other}>
          <Input
            id="save-design-other-room-type"
            value={other}
            maxLength={80}
            aria-invalid={Boolean(errors.other)}
            onChange={(e) => setRoomType({ choice, other: e.target.value })}
          />
        </Field>
      )}
      <Field id="save-design-notes" label="Notes (Optional)">
        <Textarea id="save-design-notes" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            forgetSaveDraft(designId);
            onDone();
          }}
          disabled={save.isPending}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Design'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Save To My Designs, for the results page and My Designs alike: name (required), room type (Other with
 * its own text, stored by the one room-type rule), notes. It changes only that image, by its id
 * (PATCH /api/designs/{id}/images/{imageId}), and the image becomes saved.
 */
export function SaveImageDialog({
  designId,
  image,
  thumbUrl,
  defaultRoomType = 'living-room',
  onClose,
  onSaved,
}: {
  designId: string;
  /** The image to save; null closes the dialog. */
  image: SavableImage | null;
  thumbUrl?: string;
  /** The room type chosen when the image has none yet. */
  defaultRoomType?: string;
  onClose: () => void;
  onSaved?: (image: ViewImage) => void;
}) {
  return (
    <Dialog
      open={Boolean(image)}
      onOpenChange={(open) => {
        if (open) return;
        // Closed by the person: what they typed there is not brought back later.
        forgetSaveDraft(designId);
        onClose();
      }}
    >
      {image && (
        <DialogContent title="Save To My Designs" description="Give this design a name so you can find it again.">
          <SaveImageForm
            key={image.id}
            designId={designId}
            image={image}
            thumbUrl={thumbUrl}
            defaultRoomType={defaultRoomType}
            onDone={(saved) => {
              if (saved) onSaved?.(saved);
              onClose();
            }}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}
