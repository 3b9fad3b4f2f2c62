import { ROOM_TYPES } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import type { RoomDesignView } from '../api/get-room-design';
import { updateDesign } from '../api/results-actions';

const KNOWN = new Set<string>(ROOM_TYPES.map((t) => t.value));

/** 'Save To My Designs' for one image (its index counts refined images first). */
export function SaveDesignDialog({
  design,
  index,
  open,
  onOpenChange,
  onSaved,
}: {
  design: RoomDesignView;
  index: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (design: RoomDesignView) => void;
}) {
  const key = String(index);
  const storedType = design.roomTypeMap[key];
  const [name, setName] = useState(design.projectNameMap[key] ?? '');
  const [roomType, setRoomType] = useState(storedType && KNOWN.has(storedType) ? storedType : storedType ? 'other' : 'living-room');
  const [otherType, setOtherType] = useState(storedType && !KNOWN.has(storedType) ? storedType : '');
  const [notes, setNotes] = useState(design.notesMap[key] ?? '');
  const [errors, setErrors] = useState<{ name?: string; other?: string }>({});
  const [saving, setSaving] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : 'Design Name is required',
      other: roomType === 'other' && !otherType.trim() ? messages.validation.otherRoomTypeRequired : undefined,
    };
    setErrors(next);
    if (next.name || next.other) return;
    setSaving(true);
    try {
      const count = design.refinedImageUrls.length + design.generatedImageUrls.length;
      const saved = await updateDesign(design.id, {
        projectNameMap: { ...design.projectNameMap, [key]: name.trim() },
        roomTypeMap: { ...design.roomTypeMap, [key]: roomType === 'other' ? otherType.trim() : roomType },
        notesMap: { ...design.notesMap, [key]: notes.trim() },
        refinedSaveStatusList: Array.from({ length: count }, (_, i) => (i === index ? true : (design.refinedSaveStatusList[i] ?? false))),
      });
      toast.success(messages.account.designSaved(name.trim()));
      onSaved({ ...saved, noSession: design.noSession });
      onOpenChange(false);
    } catch {
      toast.error(messages.account.saveDesignsFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Save To My Designs">
        <form onSubmit={save} noValidate className="space-y-4">
          <Field id="save-name" label="Design Name *" error={errors.name}>
            <Input id="save-name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id="save-room-type" label="Room Type">
            <select
              id="save-room-type"
              className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
              value={roomType}
              onChange={(e) => setRoomType(e.target.value)}
            >
              {ROOM_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          {roomType === 'other' && (
            <Field id="save-other-type" label="Other room type" error={errors.other}>
              <Input id="save-other-type" value={otherType} maxLength={100} onChange={(e) => setOtherType(e.target.value)} />
            </Field>
          )}
          <Field id="save-notes" label="Notes (Optional)">
            <Textarea id="save-notes" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Design'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
