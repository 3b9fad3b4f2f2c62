import { randomBytes } from 'node:crypto';
import type { refineForm } from '@rv/contracts/api/design-view';
import type { MultipartValues } from '@rv/contracts/multipart';
import { messages } from '@rv/contracts/messages';
import type { Services } from '../../../services';
import { AppError } from '../../../lib/app-error';
import { deleteObjects } from '../../../storage/delete-objects';
import { processImage } from '../../../uploads/process-image';
import type { UploadedFile } from '../../../uploads/read-multipart';
import { findOwnDesign } from '../find-own-design';
import { loadDesignImages } from '../load-design-images';
import { checkedMask, maskKeyFor, paintedMaskOf } from './refine-mask';
import { startDesignTask } from './start-design-task';

/**
 * A refinement (Tweak or Transform) of the caller's design in one request (ADR 025): the prompt, the
 * scope, the base image by its id, the tweak photos and, for 'Change only here', the painted area. Every
 * input is checked before anything is stored (a refused photo or mask leaves nothing behind); the photos
 * and the mask are then stored under the design and handed to the task itself, so no other request can
 * take them. An image that is not one of this caller's design's results is not found (404).
 * Answers the task id, which the events call follows.
 */
export async function refineDesign(
  services: Services,
  input: {
    userId: string;
    designId: string;
    /** The request as read against the catalogue's declaration (counts and field schemas already checked). */
    fields: MultipartValues<typeof refineForm>;
    files: { tweak: UploadedFile[]; mask: UploadedFile[] };
  },
): Promise<string> {
  const { fields } = input;
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  const base = (await loadDesignImages(db, [design.id])).get(design.id)?.find((image) => image.id === fields.baseImageId);
  if (!base) throw new AppError('NOT_FOUND', messages.server.notFound);

  const { tweak: tweakFiles, mask: maskFiles } = input.files;
  const painted = paintedMaskOf(maskFiles[0], fields.maskRle);
  const mask = painted ? await checkedMask(base, painted) : undefined;
  const photos = [];
  for (const file of tweakFiles) photos.push(await processImage(file.source));

  const stored: string[] = [];
  try {
    for (const photo of photos) {
      const key = `designs/${design.id}/tweak-${randomBytes(6).toString('hex')}.webp`;
      await services.storage.put(key, photo.full, 'image/webp');
      stored.push(key);
    }
    const maskKey = mask ? maskKeyFor(design.id, base.id) : undefined;
    if (mask && maskKey) {
      await services.storage.put(maskKey, mask, 'image/png');
      stored.push(maskKey);
    }
    return await startDesignTask(services, {
      userId: input.userId,
      designId: design.id,
      input: {
        kind: 'refine',
        tweakText: fields.prompt,
        scope: fields.scope,
        baseKey: base.key,
        tweakKeys: stored.filter((key) => key !== maskKey),
        ...(maskKey ? { maskKey } : {}),
      },
    });
  } catch (error) {
    // Refused (no tool access, the fair-use cap) or failed: nothing it stored stays behind without a task.
    await deleteObjects(services.storage, stored);
    throw error;
  }
}
