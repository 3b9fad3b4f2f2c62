import type { ShoppableItem } from '@rv/contracts/api/designs';
import type { DesignBrief } from '../../../domain/design-brief';
import { forEngineCallOwner } from '../../../engines/engine-usage';
import { paintedCrop } from '../../../engines/mask/composite-in-mask';
import { readObject } from '../../../storage/read-object';
import type { Services } from '../../../services';
import type { ResultImage } from './add-design-results';

/**
 * The shoppable items of each new result image, listed by the vision engine, for the image's row. An
 * engine that cannot list them (a refusal, a malformed answer) costs the design nothing: the image is
 * kept with no items (the call is recorded as failed for the admin).
 */
export async function listResultItems(
  services: Services,
  design: { id: string; userId: string; brief: DesignBrief },
  images: ResultImage[],
  signal?: AbortSignal,
  /** 'Change only here': list what is in the painted area only (what the refinement changed). */
  mask?: Buffer,
): Promise<ResultImage[]> {
  return Promise.all(
    images.map(async (image) => {
      let items: ShoppableItem[] = [];
      try {
        const data = await readObject(services.storage, image.key);
        if (!data) throw new Error(`result image ${image.key} is not in storage`);
        const listed = (mask && (await paintedCrop(data, mask))) || data;
        items = await forEngineCallOwner({ designId: design.id, userId: design.userId }, () =>
          services.visionEngine.listItems({ image: listed, brief: design.brief }, signal),
        );
      } catch (error) {
        if (signal?.aborted) throw error;
        services.log.warn({ designId: design.id, key: image.key, err: error }, 'the items of a design image could not be listed');
      }
      return { ...image, items };
    }),
  );
}
