import type { StyleLensNoticeSlot } from '../style-lens-notice-slot';
import { Button } from '@/components/ui/button';
import { ClearFormButton, DraftRestoredNotice } from '@/components/ui/draft-controls';
import { Field, Textarea } from '@/components/ui/field';
import { UploadDropZone } from '@/components/ui/upload-drop-zone';
import { useWholeHomeFields, WholeHomeFields } from '../../homes/components/whole-home-fields';
import { LeftDesignNotice } from './left-design-notice';
import { useToolForm } from '../hooks/use-tool-form';
import { itemFieldId, type ToolFormSpec } from '../tool-forms';
import { AdvancedChoiceSection } from './advanced-choice-section';
import { ItemFieldInput } from './item-field-input';
import { LoadingProgress } from './loading-progress';
import { PhotoGuide } from './photo-guide';
import { FormSection } from './tool-form-parts';
import { ToolPageHeader } from './tool-page-header';
import { TutorialDialog } from './tutorial-dialog';

/**
 * A design tool's form, drawn from its description (tool-forms.ts). All its state lives in useToolForm and stays
 * mounted while the design is created (the form is only hidden), so a failure brings back everything the
 * person typed and picked.
 *
 * The server sends the form in the page's HTML (ADR 026), so a person can type, choose and pick photos
 * before React runs the page. The browser keeps those in the fields (React's hydration leaves a field's
 * value as it finds it); when React takes over, the form adopts them into its state before anything else
 * runs (a layout effect here, and in each drop zone for its photos), so a press on the submit button made
 * meanwhile (kept by lib/press/early-press.ts) sends them.
 */
export function ToolForm({ form, styleLensNotice }: { form: ToolFormSpec; styleLensNotice?: StyleLensNoticeSlot }) {
  const wholeHome = useWholeHomeFields();
  const { busy, progress, formRef, submit, draftRestored, photoZone, itemsZone, itemFields, inspirationZone, notes, advancedChoice, submitArea } =
    useToolForm(form, wholeHome.values);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ToolPageHeader title={form.title} intro={form.intro} busy={busy} />

      {busy ? (
        <LoadingProgress title={form.loading.title} steps={form.loading.steps} progress={progress} />
      ) : (
        // A design being made when its person left, or made since (ADR 054).
        <div className="mb-8 empty:hidden">
          <LeftDesignNotice />
        </div>
      )}

      <form ref={formRef} hidden={busy} noValidate onSubmit={submit} className="space-y-10" aria-label={form.title}>
        {/* What was entered here last time, kept in this browser (ADR 054). */}
        {draftRestored && <DraftRestoredNotice />}
        <FormSection id={`${form.photo.id}-title`} title={form.photo.section} aside={form.photo.tutorial ? <TutorialDialog /> : undefined}>
          <UploadDropZone {...photoZone} />
          {form.photo.guide && <PhotoGuide />}
        </FormSection>

        <WholeHomeFields state={wholeHome} tool={form.tool} />

        <FormSection id={`${form.items.id}-title`} title={form.items.section} optional intro={form.items.intro}>
          <UploadDropZone
            {...itemsZone}
            renderItemDetails={(item, index) => (
              <div className={form.items.layout === 'stacked' ? 'space-y-3' : 'grid gap-3 sm:grid-cols-2'}>
                {form.items.fields.map((field) => (
                  <ItemFieldInput
                    key={field.key}
                    id={itemFieldId(form, item.id, field.key)}
                    field={field}
                    number={index + 1}
                    value={itemFields.textOf(item)[field.key] ?? field.empty}
                    invalid={itemFields.invalidItems.includes(item.id)}
                    onChange={(value) => itemFields.setText(item.id, { [field.key]: value })}
                  />
                ))}
              </div>
            )}
          />
          {itemFields.problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {itemFields.problem}
            </p>
          )}
        </FormSection>

        <FormSection id={`${form.inspiration.id}-title`} title={form.inspiration.section} optional intro={form.inspiration.intro}>
          <UploadDropZone {...inspirationZone} />
        </FormSection>

        <FormSection id="notes-title" title={form.notes.section}>
          {styleLensNotice?.(notes.useStyleLens, notes.setUseStyleLens)}
          {form.notes.fields.map((field) => (
            <Field key={field.id} id={field.id} label={field.label} hint={field.hint}>
              <Textarea
                id={field.id}
                name={field.field}
                value={notes.texts[field.field]}
                onChange={(event) => notes.setField(field.field, event.target.value)}
                maxLength={field.maxLength}
              />
            </Field>
          ))}
        </FormSection>

        {advancedChoice && <AdvancedChoiceSection {...advancedChoice} />}

        <SubmitArea form={form} {...submitArea} />
      </form>
    </div>
  );
}

/** The submit button, the hint while it waits for the photo, and Clear form once there is something to clear. */
function SubmitArea({
  form,
  busy,
  waiting,
  unavailable,
  onClear,
}: {
  form: ToolFormSpec;
  busy: boolean;
  waiting: boolean;
  unavailable: boolean;
  onClear?: () => void;
}) {
  const waitHintId = `${form.submit.id}-hint`;
  return (
    <div className="space-y-2">
      {/* Waiting for the photo, the button is unavailable (aria-disabled, drawn as disabled) but not
          `disabled`: a disabled button receives no click, and a person may pick the photo and press it
          before React has taken the page over (ADR 026); lib/press/early-press.ts keeps that press. */}
      <Button
        id={form.submit.id}
        type="submit"
        size="wide"
        disabled={busy}
        aria-disabled={unavailable || undefined}
        aria-describedby={waiting ? waitHintId : undefined}
      >
        <span className={form.submit.textSize}>{form.submit.text}</span>
      </Button>
      {waiting && form.photo.waitHint && (
        <p id={waitHintId} className="text-center text-sm text-slate-700">
          {form.photo.waitHint}
        </p>
      )}
      {onClear && <ClearFormButton onClear={onClear} disabled={busy} />}
    </div>
  );
}
