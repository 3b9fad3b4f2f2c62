import type { StyleLensNoticeSlot } from '../style-lens-notice-slot';
import { ITEM_DESCRIPTION_MAX } from '@rv/contracts/constants';
import { ChevronDown } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { UploadDropZone, type UploadDropZoneProps, type UploadItem } from '@/components/ui/upload-drop-zone';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { useCreateDesign } from '../api/create-design';
import { focusSoon } from '../focus-soon';
import {
  itemFieldId,
  noProblems,
  problemsOf,
  type AdvancedChoice,
  type ItemField,
  type PhotoZone,
  type ToolFormSpec,
  type ToolFormValues,
} from '../tool-forms';
import { LoadingProgress } from './loading-progress';
import { PhotoGuide } from './photo-guide';
import { FormSection, useCreationFailure, useItemTexts, useUploadZones } from './tool-form-parts';
import { ToolPageHeader } from './tool-page-header';
import { TutorialDialog } from './tutorial-dialog';

type Zone = 'photo' | 'items' | 'inspiration';
type Texts = Record<string, string>;

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

/** The names of the form's own text fields and choice (not the items'), each starting empty. */
function emptyTexts(form: ToolFormSpec): Texts {
  const names = [
    ...form.notes.fields.map((field) => field.field),
    ...(form.advanced ? [form.advanced.field, form.advanced.details.field] : []),
  ];
  return Object.fromEntries(names.map((name) => [name, '']));
}

const optionId = (advanced: AdvancedChoice, value: string) => `${advanced.field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-${value}`;

/**
 * A design tool's form, drawn from its description (tool-forms.ts). All its state lives here and stays
 * mounted while the design is created (the form is only hidden), so a failure brings back everything the
 * person typed and picked.
 *
 * The server sends the form in the page's HTML (ADR 026), so a person can type, choose and pick photos
 * before React runs the page. The browser keeps those in the fields (React's hydration leaves a field's
 * value as it finds it); when React takes over, the form adopts them into its state before anything else
 * runs (a layout effect here, and in each drop zone for its photos), so a press on the submit button made
 * meanwhile (kept by lib/early-press.ts) sends them.
 */
export function ToolForm({ form, styleLensNotice }: { form: ToolFormSpec; styleLensNotice?: StyleLensNoticeSlot }) {
  const navigate = useNavigate();
  const create = useCreateDesign(form);
  const busy = create.isPending;
  const onFailure = useCreationFailure(busy, form.submit.id);

  const [useStyleLens, setUseStyleLens] = useState(true);
  const [photo, setPhoto] = useState<UploadItem[]>([]);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [inspiration, setInspiration] = useState<UploadItem[]>([]);
  const [texts, setTexts] = useState<Texts>(() => emptyTexts(form));
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const { textOf, setText } = useItemTexts<Texts>(Object.fromEntries(form.items.fields.map((field) => [field.key, field.empty])));
  const { rejected, onUpload, onReject } = useUploadZones<Zone>();
  const setField = (name: string, value: string) => setTexts((all) => ({ ...all, [name]: value }));
  /** A drop zone as its description says (one photo, or up to its limit), with its refusals shown under it. */
  const zone = (name: Zone, spec: PhotoZone, shown: UploadItem[], set: (items: UploadItem[]) => void): UploadDropZoneProps => ({
    id: spec.id,
    label: spec.label,
    hint: spec.hint,
    items: shown,
    onChange: onUpload(name, set),
    onReject: onReject(name),
    error: rejected[name],
    ...(spec.max > 1 ? { multiple: true, maxFiles: spec.max } : {}),
  });

  // What was typed or chosen before React ran the page is in the fields: the state takes it over.
  const formRef = useRef<HTMLFormElement>(null);
  const advancedRef = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const typed = Object.keys(emptyTexts(form)).flatMap((name) => {
      const value = (element.elements.namedItem(name) as HTMLTextAreaElement | RadioNodeList | null)?.value;
      return value ? [[name, value] as const] : [];
    });
    if (typed.length > 0) setTexts((all) => ({ ...all, ...Object.fromEntries(typed) }));
    if (advancedRef.current?.open) setAdvancedOpen(true);
  }, [form]);

  const current = () => ({ hasPhoto: photo.length > 0, items: items.map((item) => ({ id: item.id, texts: textOf(item) })), texts });
  // After a first submit the messages follow the fields live, and disappear once fixed.
  const problems = attempted ? problemsOf(form, current()) : noProblems;
  const [photoItem] = photo;
  // Without a message of its own for a missing photo, the submit button waits for one (the Kitchen form).
  // Before React runs the page the button is not drawn as waiting (ADR 038): a photo picked then is not in
  // the state yet, and the person must see a button they can press; the press is kept and carried out once
  // the photo is adopted. The hint under it says what the form needs either way.
  const hydrated = useHydrated();
  const waitingForPhoto = !photoItem && !form.photo.missing;
  const { advanced } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = problemsOf(form, current());
    const message = found.photo ?? found.items ?? found.advanced;
    if (message || !photoItem) {
      // A form whose button waits for the photo (aria-disabled, yet pressable so that a press made before
      // hydration is kept) has no message of its own for it: a press without one only takes the person to it.
      if (!message) {
        focusSoon(form.photo.id);
        return;
      }
      toast.error(message);
      if (found.advanced) setAdvancedOpen(true);
      const [firstItem] = found.invalidItems;
      const firstField = form.items.fields[0]!.key;
      focusSoon(
        found.photo
          ? form.photo.id
          : firstItem
            ? itemFieldId(form, firstItem, firstField)
            : optionId(advanced!, advanced!.options[0]!.value),
      );
      return;
    }
    const sent: Texts = { ...texts };
    if (advanced && texts[advanced.field] !== advanced.details.shownFor) sent[advanced.details.field] = '';
    const values: ToolFormValues = {
      photo: photoItem.file,
      items: items.map((item) => ({ file: item.file, texts: textOf(item) })),
      inspiration: inspiration.map((item) => item.file),
      texts: sent,
      useStyleLens,
    };
    create.mutate(values, {
      onSuccess: ({ designId }) => {
        if (form.createdToast) toast.success(form.createdToast);
        const from = form.tool === 'furnishing' ? paths.furnishing : paths.kitchenBathroom;
        void navigate(paths.design(form.tool, designId), { state: { from } });
      },
      onError: (error) =>
        onFailure(error, (failure) =>
          'toast' in form.failure ? toast.error(form.failure.toast, { description: failure }) : window.alert(form.failure.alert(failure)),
        ),
    });
  };

  const waitHintId = `${form.submit.id}-hint`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ToolPageHeader title={form.title} intro={form.intro} busy={busy} />

      {busy && <LoadingProgress title={form.loading.title} steps={form.loading.steps} />}

      <form ref={formRef} hidden={busy} noValidate onSubmit={submit} className="space-y-10" aria-label={form.title}>
        <FormSection id={`${form.photo.id}-title`} title={form.photo.section} aside={form.photo.tutorial ? <TutorialDialog /> : undefined}>
          <UploadDropZone {...zone('photo', form.photo, photo, setPhoto)} error={rejected.photo ?? problems.photo} />
          {form.photo.guide && <PhotoGuide />}
        </FormSection>

        <FormSection id={`${form.items.id}-title`} title={form.items.section} optional intro={form.items.intro}>
          <UploadDropZone
            {...zone('items', form.items, items, setItems)}
            renderItemDetails={(item, index) => (
              <div className={form.items.layout === 'stacked' ? 'space-y-3' : 'grid gap-3 sm:grid-cols-2'}>
                {form.items.fields.map((field) => (
                  <ItemFieldInput
                    key={field.key}
                    id={itemFieldId(form, item.id, field.key)}
                    field={field}
                    number={index + 1}
                    value={textOf(item)[field.key] ?? field.empty}
                    invalid={problems.invalidItems.includes(item.id)}
                    onChange={(value) => setText(item.id, { [field.key]: value })}
                  />
                ))}
              </div>
            )}
          />
          {problems.items && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problems.items}
            </p>
          )}
        </FormSection>

        <FormSection id={`${form.inspiration.id}-title`} title={form.inspiration.section} optional intro={form.inspiration.intro}>
          <UploadDropZone {...zone('inspiration', form.inspiration, inspiration, setInspiration)} />
        </FormSection>

        <FormSection id="notes-title" title={form.notes.section}>
          {styleLensNotice?.(useStyleLens, setUseStyleLens)}
          {form.notes.fields.map((field) => (
            <Field key={field.id} id={field.id} label={field.label} hint={field.hint}>
              <Textarea
                id={field.id}
                name={field.field}
                value={texts[field.field]}
                onChange={(event) => setField(field.field, event.target.value)}
                maxLength={field.maxLength}
              />
            </Field>
          ))}
        </FormSection>

        {advanced && (
          <details
            ref={advancedRef}
            open={advancedOpen}
            onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}
            className={cn('group rounded-xl border bg-white px-4 py-3', problems.advanced ? 'border-red-600' : 'border-slate-200')}
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
              <span className="text-xl font-bold text-slate-900">
                {advanced.title} <span className="text-base font-normal text-slate-700">{advanced.note}</span>
              </span>
              <ChevronDown className="size-5 transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <div className="mt-4 space-y-4">
              <fieldset className="space-y-2" aria-describedby={problems.advanced ? `${advanced.details.id}-error` : undefined}>
                <legend className="text-sm font-semibold text-slate-800">{advanced.legend}</legend>
                <p className="text-sm text-slate-700">{advanced.help}</p>
                <div className="flex gap-6">
                  {advanced.options.map((option) => (
                    <label key={option.value} className="flex items-center gap-2 text-base text-slate-900">
                      <input
                        id={optionId(advanced, option.value)}
                        type="radio"
                        name={advanced.field}
                        value={option.value}
                        checked={texts[advanced.field] === option.value}
                        onChange={() => setField(advanced.field, option.value)}
                        className="size-4 accent-brand-700"
                      />
                      {option.label}
                    </label>
                  ))}
                </div>
                {problems.advanced && (
                  <p id={`${advanced.details.id}-error`} role="alert" className="text-sm font-medium text-red-700">
                    {problems.advanced}
                  </p>
                )}
              </fieldset>
              {texts[advanced.field] === advanced.details.shownFor && (
                <Field id={advanced.details.id} label={advanced.details.label} hint={advanced.details.hint}>
                  <Textarea
                    id={advanced.details.id}
                    name={advanced.details.field}
                    value={texts[advanced.details.field]}
                    onChange={(event) => setField(advanced.details.field, event.target.value)}
                    maxLength={advanced.details.maxLength}
                  />
                </Field>
              )}
            </div>
          </details>
        )}

        <div className="space-y-2">
          {/* Waiting for the photo, the button is unavailable (aria-disabled, drawn as disabled) but not
              `disabled`: a disabled button receives no click, and a person may pick the photo and press it
              before React has taken the page over (ADR 026); lib/early-press.ts keeps that press. */}
          <Button
            id={form.submit.id}
            type="submit"
            size="wide"
            disabled={busy}
            aria-disabled={(hydrated && waitingForPhoto) || undefined}
            aria-describedby={waitingForPhoto ? waitHintId : undefined}
          >
            <span className={form.submit.textSize}>{form.submit.text}</span>
          </Button>
          {waitingForPhoto && form.photo.waitHint && (
            <p id={waitHintId} className="text-center text-sm text-slate-700">
              {form.photo.waitHint}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}

/** One field beside an item photo: a text (with its length when it is counted) or a choice. */
function ItemFieldInput({
  id,
  field,
  number,
  value,
  invalid,
  onChange,
}: {
  id: string;
  field: ItemField;
  number: number;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  if (field.options) {
    return (
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {field.label(number)}
        </label>
        <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    );
  }
  if (!field.counted) {
    return (
      <Field id={id} label={field.label(number)}>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
        />
      </Field>
    );
  }
  const length = value.trim().length;
  const tooLong = length > ITEM_DESCRIPTION_MAX;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {field.label(number)}
      </label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={field.placeholder}
        aria-required
        aria-invalid={invalid || tooLong || undefined}
        aria-describedby={`${id}-count`}
        className={cn((invalid || tooLong) && 'border-red-600')}
      />
      <p id={`${id}-count`} className={cn('text-right text-sm', tooLong ? 'font-medium text-red-700' : 'text-slate-700')}>
        {length}/{ITEM_DESCRIPTION_MAX} characters
      </p>
    </div>
  );
}
