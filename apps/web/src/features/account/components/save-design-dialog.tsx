import { ROOM_TYPES } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useSaveDesignImage } from '../api/update-room-design';
import { isKnownRoomType, roomTypeLabel, toStoredRoomType, type DesignTile } from '../lib/design-tiles';

export const DESIGN_NAME_REQUIRED = 'Design Name is required';

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

function initialRoomType(tile: DesignTile): { choice: string; other: string } {
  const stored = tile.design.roomTypeMap[String(tile.index)];
  if (!stored) return { choice: tile.design.iskbDesign ? 'kitchen' : 'living-room', other: '' };
  if (isKnownRoomType(stored)) return { choice: stored, other: '' };
  // Other, or a type that is not in the list: the free-text box shows it.
  return { choice: 'other', other: stored === 'other' ? '' : (roomTypeLabel(stored) ?? '') };
}

function SaveDesignForm({ tile, onDone }: { tile: DesignTile; onDone: () => void }) {
  const key = String(tile.index);
  const [name, setName] = useState(tile.design.projectNameMap[key] ?? '');
  const [{ choice, other }, setRoomType] = useState(() => initialRoomType(tile));
  const [notes, setNotes] = useState(tile.design.notesMap[key] ?? '');
  const [errors, setErrors] = useState<{ name?: string; other?: string }>({});
  const save = useSaveDesignImage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : DESIGN_NAME_REQUIRED,
      other: choice === 'other' && !other.trim() ? messages.validation.otherRoomTypeRequired : undefined,
    };
    setErrors(found);
    if (found.name || found.other) return;
    const designName = name.trim();
    save.mutate(
      {
        design: tile.design,
        index: tile.index,
        input: { name: designName, roomType: choice === 'other' ? toStoredRoomType(other) || 'other' : choice, notes: notes.trim() },
      },
      {
        onSuccess: () => {
          toast.success(messages.account.designSaved(designName));
          onDone();
        },
        onError: () => toast.error(messages.account.saveDesignsFailed),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <img src={tile.thumbUrl} alt="" className="aspect-[4/3] w-full rounded-xl object-cover" />
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
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Design'}
        </Button>
      </div>
    </form>
  );
}

/** Save To My Designs: name (required), room type (Other with its own text), notes; the image becomes saved. */
export function SaveDesignDialog({ tile, onClose }: { tile: DesignTile | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(tile)} onOpenChange={(open) => !open && onClose()}>
      {tile && (
        <DialogContent title="Save To My Designs" description="Give this design a name so you can find it again.">
          <SaveDesignForm key={tile.key} tile={tile} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
