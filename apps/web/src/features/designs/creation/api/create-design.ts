import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { MultipartInput } from '@rv/contracts/multipart';
import type { Routes } from '@rv/contracts/routes/routes';
import type { FormField, ToolFormSpec, ToolFormValues } from '../tool-forms';
import { DesignNotCreatedError } from './creation-failure';

/**
 * The multipart body of a tool's POST (docs/product-rules.md#calls: /api/room-design, /api/kitchen-bathroom-design),
 * by the catalogue's declaration of it: the texts trimmed, the items' texts as one JSON list in the order
 * of their files, then the files. Its field names are the form's, which tool-forms.ts types as the
 * declaration's names.
 */
export function toolFormBody(form: ToolFormSpec, values: ToolFormValues): Partial<Record<FormField, unknown>> {
  const texts = Object.fromEntries(Object.entries(values.texts).map(([name, text]) => [name, text.trim()]));
  const itemTexts = values.items.map((item) =>
    Object.fromEntries(form.items.fields.map((field) => [field.key, (item.texts[field.key] ?? field.empty).trim()])),
  );
  return {
    ...texts,
    [form.items.dataField]: itemTexts,
    useStyleLens: values.useStyleLens,
    [form.photo.field]: values.photo,
    [form.items.field]: values.items.map((item) => item.file),
    [form.inspiration.field]: values.inspiration,
    morePhotos: values.home?.morePhotos ?? [],
    ...(values.home?.lookId ? { lookId: values.home.lookId } : {}),
    ...(values.home?.homeId ? { homeId: values.home.homeId } : {}),
  };
}

/** Sends a tool form; a 200 without a design (an error field, or success: false) is a failure too. */
export async function createDesign(form: ToolFormSpec, values: ToolFormValues): Promise<{ designId: string }> {
  const body = toolFormBody(form, values);
  const options = { timeoutMs: TIMEOUTS_MS.createDesign };
  // The body is built from the form's data, whose names tool-forms.ts checks against the declaration; its
  // values are checked again by the server against the same declaration.
  const answer =
    form.call === 'createRoomDesign'
      ? await call('createRoomDesign', { form: body as MultipartInput<Routes['createRoomDesign']['multipart']> }, options)
      : await call(
          'createKitchenBathroomDesign',
          { form: body as MultipartInput<Routes['createKitchenBathroomDesign']['multipart']> },
          options,
        );
  if (!answer?.designId || ('success' in answer && !answer.success))
    throw new DesignNotCreatedError(answer?.error || 'No design was returned. Please try again.');
  return { designId: answer.designId };
}

/**
 * The mutation of a tool form. `onAnswer` is told of every answer (the design made, or the failure), even
 * one that comes after the form has gone (the person left while the design was made).
 */
export function useCreateDesign(form: ToolFormSpec, onAnswer?: (answer: { designId: string } | { error: unknown }) => void) {
  return useMutation({
    mutationFn: (values: ToolFormValues) => createDesign(form, values),
    onSuccess: (answer) => onAnswer?.(answer),
    onError: (error) => onAnswer?.({ error }),
  });
}
