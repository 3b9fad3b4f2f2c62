import { readFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { ReferenceImage, StoredImage } from '../../../db/schema';
import type { Services } from '../../../services';
import { discardObjects } from '../../../jobs/discard-objects';
import { processImage } from '../../../uploads/process-image';
import { stripMetadata } from '../../../uploads/strip-metadata';
import type { UploadedFile } from '../../../uploads/read-multipart';

export interface DesignUploads {
  room: UploadedFile;
  /** Items (furnishing) or finishes (kitchen/bathroom), in the order of the brief's items. */
  items: UploadedFile[];
  inspiration: UploadedFile[];
}

/**
 * Checks, turns upright, strips and stores every upload of a new design under designs/{id}/, with a
 * thumbnail each, and the room photo as given too (its metadata cut out, its pixels untouched). If anything fails, whatever was already stored is recorded for deletion (the deletion
 * job removes it, retrying while the store is down: ADR 033) before the error goes on.
 */
export async function storeDesignUploads(
  services: Pick<Services, 'storage' | 'database' | 'jobs' | 'log'>,
  designId: string,
  uploads: DesignUploads,
  itemRole: 'item' | 'finish',
): Promise<{ original: StoredImage; references: ReferenceImage[] }> {
  const { storage } = services;
  const stored: string[] = [];
  const save = async (file: UploadedFile, name: string): Promise<StoredImage> => {
    const image = await processImage(file.source);
    const key = `designs/${designId}/${name}.webp`;
    const thumbKey = `designs/${designId}/${name}-thumb.webp`;
    await storage.put(key, image.full, 'image/webp');
    stored.push(key);
    await storage.put(thumbKey, image.thumb, 'image/webp');
    stored.push(thumbKey);
    return { key, thumbKey, width: image.width, height: image.height, thumbWidth: image.thumbWidth };
  };
  /** The room photo as given, its metadata cut out without re-encoding: what 'Download original' answers. */
  const keepAsGiven = async (file: UploadedFile, image: StoredImage): Promise<StoredImage> => {
    const given = typeof file.source === 'string' ? await readFile(file.source) : file.source;
    // processImage has read the type from the magic bytes and refused anything else.
    const { mime, ext } = (await fileTypeFromBuffer(given))!;
    const { orientation } = await sharp(given).metadata();
    const key = `designs/${designId}/original-given.${ext}`;
    await storage.put(key, stripMetadata(given, mime, orientation), mime);
    stored.push(key);
    return { ...image, given: { key, contentType: mime } };
  };
  try {
    const original = await keepAsGiven(uploads.room, await save(uploads.room, 'original'));
    const references: ReferenceImage[] = [];
    for (const [index, file] of uploads.items.entries())
      references.push({ ...(await save(file, `${itemRole}-${index + 1}`)), role: itemRole, itemIndex: index });
    for (const [index, file] of uploads.inspiration.entries())
      references.push({ ...(await save(file, `inspiration-${index + 1}`)), role: 'inspiration' });
    return { original, references };
  } catch (error) {
    await discardObjects(services, stored);
    throw error;
  }
}
