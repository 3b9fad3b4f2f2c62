import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { ToolFormSpec, ToolFormValues } from '../tool-forms';
import { DesignNotCreatedError } from './creation-failure';

/**
 * The multipart body of a tool's POST (spec section 6: /api/room-design, /api/kitchen-bathroom-design):
 * the texts trimmed, the items' texts as one JSON list in the order of their files, then the files.
 */
export function toolFormData(form: ToolFormSpec, values: ToolFormValues): FormData {
  const body = new FormData();
  for (const [name, text] of Object.entries(values.texts)) body.set(name, text.trim());
  const itemTexts = values.items.map((item) =>
    Object.fromEntries(form.items.fields.map((field) => [field.key, (item.texts[field.key] ?? field.empty).trim()])),
  );
  body.set(form.items.dataField, JSON.stringify(itemTexts));
  body.set('useStyleLens', String(values.useStyleLens));
  body.set(form.photo.field, values.photo);
  for (const item of values.items) body.append(form.items.field, item.file);
  for (const file of values.inspiration) body.append(form.inspiration.field, file);
  return body;
}

/** Sends a tool form; a 200 without a design (an error field, or success: false) is a failure too. */
export async function createDesign(form: ToolFormSpec, values: ToolFormValues): Promise<{ designId: string }> {
  const answer = await call(form.call, { form: toolFormData(form, values) }, { timeoutMs: TIMEOUTS_MS.createDesign });
  if (!answer?.designId || ('success' in answer && !answer.success))
    throw new DesignNotCreatedError(answer?.error || 'No design was returned. Please try again.');
  return { designId: answer.designId };
}

export function useCreateDesign(form: ToolFormSpec) {
  return useMutation({ mutationFn: (values: ToolFormValues) => createDesign(form, values) });
}
