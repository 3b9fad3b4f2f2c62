import type { StyleLensNoticeSlot } from '../style-lens-notice-slot';
import { KITCHEN_CATEGORIES, DESIGN_UPLOAD_LIMITS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { UploadDropZone, type UploadItem } from '@/components/ui/upload-drop-zone';
import { paths } from '@/config/paths';
import { useCreateKitchenBathroomDesign, type KitchenCategory } from '../api/create-kitchen-bathroom-design';
import { KITCHEN_BATHROOM_STEPS, LoadingProgress } from './loading-progress';
import { ToolPageHeader } from './tool-page-header';
import { FormSection, SubmitLabel, useCreationFailure, useItemTexts, useUploadZones } from './tool-form-parts';

type FinishText = { label: string; category: KitchenCategory };
type Zone = 'space' | 'finishes' | 'inspiration';
const noText: FinishText = { label: '', category: 'Other' };

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

const ids = {
  spacePhoto: 'space-photo',
  finishes: 'finishes-fixtures',
  inspiration: 'inspiration-photos',
  submit: 'generate-kitchen-bathroom-design',
  submitHint: 'generate-kitchen-bathroom-hint',
};

/**
 * The Kitchen & Bathroom Redesign form. Its state stays mounted while the design is created (the form
 * is only hidden), so after a failure the alert closes onto the filled form.
 */
export function KitchenBathroomForm({ styleLensNotice }: { styleLensNotice?: StyleLensNoticeSlot }) {
  const [useStyleLens, setUseStyleLens] = useState(true);
  const navigate = useNavigate();
  const create = useCreateKitchenBathroomDesign();
  const busy = create.isPending;
  const onFailure = useCreationFailure(busy, ids.submit);

  const [spacePhoto, setSpacePhoto] = useState<UploadItem[]>([]);
  const [finishes, setFinishes] = useState<UploadItem[]>([]);
  const [inspirationPhotos, setInspirationPhotos] = useState<UploadItem[]>([]);
  const [additionalRequests, setAdditionalRequests] = useState('');
  const { textOf, setText } = useItemTexts<FinishText>(noText);
  const { rejected, onUpload, onReject } = useUploadZones<Zone>();

  const [space] = spacePhoto;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!space) return;
    create.mutate(
      {
        spacePhoto: space.file,
        finishes: finishes.map((item) => ({ file: item.file, ...textOf(item) })),
        inspirationPhotos: inspirationPhotos.map((item) => item.file),
        additionalRequests,
        useStyleLens,
      },
      {
        onSuccess: ({ designId }) => {
          void navigate(paths.design('kitchen-bathroom', designId), { state: { from: paths.kitchenBathroom } });
        },
        onError: (error) => onFailure(error, (message) => window.alert(messages.tools.kitchenError(message))),
      },
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ToolPageHeader
        title="Kitchen & Bathroom Redesign"
        intro="New cabinetry, counters, tile and fixtures for a kitchen, bathroom, laundry, mudroom or powder room, in your real space."
        busy={busy}
      />

      {busy && <LoadingProgress title="Creating your kitchen & bathroom design" steps={KITCHEN_BATHROOM_STEPS} />}

      <form hidden={busy} noValidate onSubmit={submit} className="space-y-10" aria-label="Kitchen & Bathroom Redesign">
        <FormSection id="space-title" title="1. Your space">
          <UploadDropZone
            id={ids.spacePhoto}
            label="Space photo"
            hint="Required. Tip: shoot one clear, straight-on view of the whole space, well lit and in landscape."
            items={spacePhoto}
            onChange={onUpload('space', setSpacePhoto)}
            onReject={onReject('space')}
            error={rejected.space}
          />
        </FormSection>

        <FormSection
          id="finishes-title"
          title="2. Finishes & fixtures"
          optional
          intro="Tiles, counters, taps, handles, lights: add a photo of each and tell us where it goes."
        >
          <UploadDropZone
            id={ids.finishes}
            label="Finishes & fixtures photos"
            hint={`Up to ${DESIGN_UPLOAD_LIMITS.finishesFixtures} photos.`}
            items={finishes}
            onChange={onUpload('finishes', setFinishes)}
            onReject={onReject('finishes')}
            error={rejected.finishes}
            multiple
            maxFiles={DESIGN_UPLOAD_LIMITS.finishesFixtures}
            renderItemDetails={(item, index) => (
              <FinishFields item={item} number={index + 1} text={textOf(item)} onChange={(patch) => setText(item.id, patch)} />
            )}
          />
        </FormSection>

        <FormSection
          id="inspiration-title"
          title="3. Inspiration"
          optional
          intro="Kitchens or bathrooms you love: we take the mood, colours and materials from them."
        >
          <UploadDropZone
            id={ids.inspiration}
            label="Inspiration photos"
            hint={`Up to ${DESIGN_UPLOAD_LIMITS.inspirationPhotos} photos.`}
            items={inspirationPhotos}
            onChange={onUpload('inspiration', setInspirationPhotos)}
            onReject={onReject('inspiration')}
            error={rejected.inspiration}
            multiple
            maxFiles={DESIGN_UPLOAD_LIMITS.inspirationPhotos}
          />
        </FormSection>

        <FormSection id="notes-title" title="4. Final notes">
          {styleLensNotice?.(useStyleLens, setUseStyleLens)}
          <Field id="additional-requests" label="Anything else" hint="For example: keep the window, warm brass fixtures, no open shelving.">
            <Textarea
              id="additional-requests"
              value={additionalRequests}
              onChange={(event) => setAdditionalRequests(event.target.value)}
              maxLength={4000}
            />
          </Field>
        </FormSection>

        <div className="space-y-2">
          <Button id={ids.submit} type="submit" size="wide" disabled={!space || busy} aria-describedby={space ? undefined : ids.submitHint}>
            <SubmitLabel text="Generate Kitchen & Bathroom Design" />
          </Button>
          {!space && (
            <p id={ids.submitHint} className="text-center text-sm text-slate-700">
              Add a photo of your space to continue.
            </p>
          )}
        </div>
      </form>
    </div>
  );
}

function FinishFields({
  item,
  number,
  text,
  onChange,
}: {
  item: UploadItem;
  number: number;
  text: FinishText;
  onChange: (patch: Partial<FinishText>) => void;
}) {
  const labelId = `finish-${item.id}-label`;
  const categoryId = `finish-${item.id}-category`;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id={labelId} label={`Item ${number} description`}>
        <Input
          id={labelId}
          value={text.label}
          onChange={(event) => onChange({ label: event.target.value })}
          placeholder="e.g. White zellige tile"
          maxLength={200}
        />
      </Field>
      <div className="space-y-1.5">
        <label htmlFor={categoryId} className="block text-sm font-semibold text-slate-800">
          Item {number}: where it goes
        </label>
        <select
          id={categoryId}
          className={selectClass}
          value={text.category}
          onChange={(event) => onChange({ category: event.target.value as KitchenCategory })}
        >
          {KITCHEN_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
