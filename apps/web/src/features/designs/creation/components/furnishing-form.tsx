import type { StyleLensNoticeSlot } from '../style-lens-notice-slot';
import { furnitureItem } from '@rv/contracts/api/creation';
import { ITEM_DESCRIPTION_MAX, DESIGN_UPLOAD_LIMITS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { ChevronDown } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { UploadDropZone, type UploadItem } from '@/components/ui/upload-drop-zone';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCreateRoomDesign, type RoomDesignInput } from '../api/create-room-design';
import { focusSoon } from '../focus-soon';
import { LoadingProgress, ROOM_DESIGN_STEPS } from './loading-progress';
import { PhotoGuide } from './photo-guide';
import { FormSection, SubmitLabel, useCreationFailure, useItemTexts, useUploadZones } from './tool-form-parts';
import { ToolPageHeader } from './tool-page-header';
import { TutorialDialog } from './tutorial-dialog';

type ItemText = { description: string; placement: string };
type Zone = 'room' | 'furniture' | 'concept';
const noText: ItemText = { description: '', placement: '' };

const ids = {
  roomPhoto: 'room-photo',
  furniturePhotos: 'furniture-photos',
  conceptPhotos: 'concept-photos',
  architecturalNo: 'architectural-changes-no',
  submit: 'create-room-makeover',
  description: (itemId: string) => `item-${itemId}-description`,
  placement: (itemId: string) => `item-${itemId}-placement`,
};

interface Errors {
  roomPhoto?: string;
  items?: string;
  invalidItems: string[];
  architectural?: string;
}

/**
 * The Furnishing & Decorating form. All its state lives here and stays mounted while the design is
 * created (the form is only hidden), so a failure brings back everything the person typed and picked.
 */
/** The route fills `styleLensNotice` (a StyleLens feature component) so this feature does not import another. */
export function FurnishingForm({ styleLensNotice }: { styleLensNotice?: StyleLensNoticeSlot }) {
  const [useStyleLens, setUseStyleLens] = useState(true);
  const navigate = useNavigate();
  const create = useCreateRoomDesign();
  const busy = create.isPending;
  const onFailure = useCreationFailure(busy, ids.submit);

  const [roomPhoto, setRoomPhoto] = useState<UploadItem[]>([]);
  const [furniture, setFurniture] = useState<UploadItem[]>([]);
  const [conceptPhotos, setConceptPhotos] = useState<UploadItem[]>([]);
  const [styleDescription, setStyleDescription] = useState('');
  const [additionalSuggestions, setAdditionalSuggestions] = useState('');
  const [architecturalChanges, setArchitecturalChanges] = useState<'no' | 'yes' | ''>('');
  const [architecturalDetails, setArchitecturalDetails] = useState('');
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const { textOf, setText } = useItemTexts<ItemText>(noText);
  const { rejected, onUpload, onReject } = useUploadZones<Zone>();

  const validate = (): Errors => {
    const invalidItems = furniture.filter((item) => !furnitureItem.safeParse(textOf(item)).success).map((item) => item.id);
    return {
      roomPhoto: roomPhoto.length === 0 ? messages.validation.roomPhotoRequired : undefined,
      items: invalidItems.length > 0 ? messages.validation.itemDescriptionsRequired : undefined,
      invalidItems,
      architectural: architecturalChanges === '' ? messages.validation.architecturalChangesRequired : undefined,
    };
  };
  // After a first submit the messages follow the fields live, and disappear once fixed.
  const errors: Errors = attempted ? validate() : { invalidItems: [] };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = validate();
    const [roomFile] = roomPhoto;
    if (found.roomPhoto || found.items || found.architectural || !roomFile || architecturalChanges === '') {
      toast.error(found.roomPhoto ?? found.items ?? found.architectural);
      if (found.architectural) setAdvancedOpen(true);
      const [firstItem] = found.invalidItems;
      focusSoon(found.roomPhoto ? ids.roomPhoto : firstItem ? ids.description(firstItem) : ids.architecturalNo);
      return;
    }

    const input: RoomDesignInput = {
      roomPhoto: roomFile.file,
      furniture: furniture.map((item) => ({ file: item.file, ...textOf(item) })),
      conceptPhotos: conceptPhotos.map((item) => item.file),
      styleDescription,
      additionalSuggestions,
      architecturalChanges,
      architecturalDetails,
      useStyleLens,
    };
    create.mutate(input, {
      onSuccess: ({ designId }) => {
        toast.success(messages.tools.designComplete);
        void navigate(paths.design('furnishing', designId), { state: { from: paths.furnishing } });
      },
      onError: (error) => onFailure(error, (message) => toast.error(messages.tools.processDesignFailed, { description: message })),
    });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ToolPageHeader
        title="Furnishing & Decorating"
        intro="Upload your room, add the pieces you love, and we'll design it around them while keeping your walls, windows and doors."
        busy={busy}
      />

      {busy && <LoadingProgress title="Creating your room makeover" steps={ROOM_DESIGN_STEPS} />}

      <form hidden={busy} noValidate onSubmit={submit} className="space-y-10" aria-label="Furnishing & Decorating">
        <FormSection id="room-title" title="1. Your room" aside={<TutorialDialog />}>
          <UploadDropZone
            id={ids.roomPhoto}
            label="Room photo"
            hint="Required. One clear photo of the room as it is today: JPG, PNG or WebP, under 10MB."
            items={roomPhoto}
            onChange={onUpload('room', setRoomPhoto)}
            onReject={onReject('room')}
            error={rejected.room ?? errors.roomPhoto}
          />
          <PhotoGuide />
        </FormSection>

        <FormSection
          id="furniture-title"
          title="2. Furniture & decor"
          optional
          intro="Photos of pieces you own or want to buy. Describe each one and, if you like, say where it goes."
        >
          <UploadDropZone
            id={ids.furniturePhotos}
            label="Furniture & decor photos"
            hint={`Up to ${DESIGN_UPLOAD_LIMITS.furniturePhotos} photos.`}
            items={furniture}
            onChange={onUpload('furniture', setFurniture)}
            onReject={onReject('furniture')}
            error={rejected.furniture}
            multiple
            maxFiles={DESIGN_UPLOAD_LIMITS.furniturePhotos}
            renderItemDetails={(item, index) => (
              <ItemFields
                item={item}
                number={index + 1}
                text={textOf(item)}
                invalid={errors.invalidItems.includes(item.id)}
                onChange={(patch) => setText(item.id, patch)}
              />
            )}
          />
          {errors.items && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.items}
            </p>
          )}
        </FormSection>

        <FormSection
          id="concept-title"
          title="3. Inspiration"
          optional
          intro="Rooms you love: we take the mood, colours and materials from them."
        >
          <UploadDropZone
            id={ids.conceptPhotos}
            label="Inspiration photos"
            hint={`Up to ${DESIGN_UPLOAD_LIMITS.conceptPhotos} photos.`}
            items={conceptPhotos}
            onChange={onUpload('concept', setConceptPhotos)}
            onReject={onReject('concept')}
            error={rejected.concept}
            multiple
            maxFiles={DESIGN_UPLOAD_LIMITS.conceptPhotos}
          />
        </FormSection>

        <FormSection id="style-title" title="4. Your style">
          {styleLensNotice?.(useStyleLens, setUseStyleLens)}
          <Field id="style-description" label="Style" hint="For example: warm Japandi with light oak, linen and soft greens.">
            <Textarea
              id="style-description"
              value={styleDescription}
              onChange={(event) => setStyleDescription(event.target.value)}
              maxLength={2000}
            />
          </Field>
          <Field id="additional-suggestions" label="Anything else" hint="Anything we should keep, avoid or add.">
            <Textarea
              id="additional-suggestions"
              value={additionalSuggestions}
              onChange={(event) => setAdditionalSuggestions(event.target.value)}
              maxLength={4000}
            />
          </Field>
        </FormSection>

        <details
          open={advancedOpen}
          onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}
          className={cn('group rounded-xl border bg-white px-4 py-3', errors.architectural ? 'border-red-600' : 'border-slate-200')}
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-2 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
            <span className="text-xl font-bold text-slate-900">
              Architectural Changes <span className="text-base font-normal text-slate-700">(advanced)</span>
            </span>
            <ChevronDown className="size-5 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <div className="mt-4 space-y-4">
            <fieldset className="space-y-2" aria-describedby={errors.architectural ? 'architectural-error' : undefined}>
              <legend className="text-sm font-semibold text-slate-800">
                Should we change the architecture: walls, windows, doors, ceiling or built-ins? *
              </legend>
              <p className="text-sm text-slate-700">Choose No to keep your room exactly as built.</p>
              <div className="flex gap-6">
                {(['no', 'yes'] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2 text-base text-slate-900">
                    <input
                      id={`architectural-changes-${value}`}
                      type="radio"
                      name="architecturalChanges"
                      value={value}
                      checked={architecturalChanges === value}
                      onChange={() => setArchitecturalChanges(value)}
                      className="size-4 accent-brand-700"
                    />
                    {value === 'no' ? 'No' : 'Yes'}
                  </label>
                ))}
              </div>
              {errors.architectural && (
                <p id="architectural-error" role="alert" className="text-sm font-medium text-red-700">
                  {errors.architectural}
                </p>
              )}
            </fieldset>
            {architecturalChanges === 'yes' && (
              <Field
                id="architectural-details"
                label="Describe the architectural changes"
                hint="For example: remove the wall between the kitchen and the living room."
              >
                <Textarea
                  id="architectural-details"
                  value={architecturalDetails}
                  onChange={(event) => setArchitecturalDetails(event.target.value)}
                  maxLength={2000}
                />
              </Field>
            )}
          </div>
        </details>

        <Button id={ids.submit} type="submit" size="wide" disabled={busy}>
          <SubmitLabel text="Create My Room Makeover" />
        </Button>
      </form>
    </div>
  );
}

function ItemFields({
  item,
  number,
  text,
  invalid,
  onChange,
}: {
  item: UploadItem;
  number: number;
  text: ItemText;
  invalid: boolean;
  onChange: (patch: Partial<ItemText>) => void;
}) {
  const descriptionId = ids.description(item.id);
  const length = text.description.trim().length;
  const tooLong = length > ITEM_DESCRIPTION_MAX;
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={descriptionId} className="block text-sm font-semibold text-slate-800">
          Item {number} description *
        </label>
        <Input
          id={descriptionId}
          value={text.description}
          onChange={(event) => onChange({ description: event.target.value })}
          placeholder="e.g. Green velvet sofa"
          aria-required
          aria-invalid={invalid || tooLong || undefined}
          aria-describedby={`${descriptionId}-count`}
          className={cn((invalid || tooLong) && 'border-red-600')}
        />
        <p id={`${descriptionId}-count`} className={cn('text-right text-sm', tooLong ? 'font-medium text-red-700' : 'text-slate-700')}>
          {length}/{ITEM_DESCRIPTION_MAX} characters
        </p>
      </div>
      <Field id={ids.placement(item.id)} label={`Item ${number} placement (optional)`}>
        <Input
          id={ids.placement(item.id)}
          value={text.placement}
          onChange={(event) => onChange({ placement: event.target.value })}
          placeholder="e.g. Against the back wall, under the window"
          maxLength={200}
        />
      </Field>
    </div>
  );
}
