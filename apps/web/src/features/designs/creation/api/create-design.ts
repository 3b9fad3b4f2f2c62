import { useMutation } from '@tanstack/react-query';
import { call, urlOf } from '@/lib/api-client';
import { followEvents, type FollowedEvent } from '@/lib/follow-events';
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
    ...(values.home?.roomType ? { roomType: values.home.roomType } : {}),
  };
}

/**
 * Sends a tool form to our web app's own creation call (ADR 066): it answers the design at once (201);
 * the design is then followed with `followDesign` until it is made.
 */
export async function createDesign(form: ToolFormSpec, values: ToolFormValues): Promise<{ designId: string }> {
  const body = toolFormBody(form, values);
  // The body is built from the form's data, whose names tool-forms.ts checks against the declaration; its
  // values are checked again by the server against the same declaration.
  const answer =
    form.call === 'createRoomDesign'
      ? await call('startRoomDesign', { form: body as MultipartInput<Routes['startRoomDesign']['multipart']> })
      : await call('startKitchenBathroomDesign', { form: body as MultipartInput<Routes['startKitchenBathroomDesign']['multipart']> });
  if (!answer?.designId) throw new DesignNotCreatedError('No design was returned. Please try again.');
  return { designId: answer.designId };
}

export type DesignEvent = FollowedEvent<{ designId: string }>;

/**
 * Follows a design being made (GET /api/designs/{id}/events): its place in the queue and each step of its
 * job as status events, then complete, or error with the design's own words. A reload follows it again
 * from its id (the tool page keeps it in its address). Answers a function that stops following.
 */
export function followDesign(designId: string, onEvent: (event: DesignEvent) => void): () => void {
  const schemas = import('@rv/contracts/routes/routes').then(({ routes }) => routes.designEvents.events);
  return followEvents(urlOf('designEvents', { params: { id: designId } }), schemas, onEvent);
}

/**
 * The mutation of a tool form: sends it and answers the design's id once the server has it (the design is
 * then being made). `onAnswer` is told of every answer (the design started, or the failure), even one that
 * comes after the form has gone.
 */
export function useCreateDesign(form: ToolFormSpec, onAnswer?: (answer: { designId: string } | { error: unknown }) => void) {
  return useMutation({
    mutationFn: (values: ToolFormValues) => createDesign(form, values),
    onSuccess: (answer) => onAnswer?.(answer),
    onError: (error) => onAnswer?.({ error }),
  });
}
