import type { MyDesignRecord } from '@rv/contracts/api/designs';
import type { DesignImageRow, DesignRow } from '../../../db/schema';
import { fileUrl } from '@rv/contracts/files';
import { toDesignRecord } from '../view/design-record';

export function toMyDesignRecord(design: DesignRow, images: DesignImageRow[]): MyDesignRecord {
  return {
    ...toDesignRecord(design, images),
    thumbnailUrls: images.map((image) => fileUrl(image.thumbKey)),
    originalThumbnailUrl: fileUrl(design.original.thumbKey),
  };
}
