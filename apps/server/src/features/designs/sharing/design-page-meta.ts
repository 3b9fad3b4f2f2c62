import { eq } from 'drizzle-orm';
import { imageSrcSet, RESULT_IMAGE_SIZES } from '@rv/contracts/images';
import type { Db } from '../../../db/client';
import { roomDesigns } from '../../../db/schema';
import type { PageMeta } from '../../../lib/page-meta';
import { fileUrl } from '@rv/contracts/files';
import { imageInfo } from '../view/design-view';
import { loadDesignImages } from '../load-design-images';

/**
 * The og:title of every shared design: the names an owner gives images are private (docs/security.md), and
 * the share flow (the Share View toggle) has no title of its own for the owner to give.
 */
export const SHARED_DESIGN_TITLE = 'A room redesigned with Room Visualizer';

const DESIGN_PAGE = /^\/(furnishing-decorating|kitchen-bathroom)\/design\/([\w-]{1,64})$/;

/**
 * What the HTML of a shared (public) design page says up front: Open Graph details, so its link previews
 * with the redesign, and the design the page shows first (its first result, not a refinement; never the
 * original photo under it: issue 51), preloaded with the same srcset and sizes as the page's <img> so the
 * browser fetches that one file early.
 */
export async function designPageMeta(db: Db, publicUrl: string, path: string): ReturnType<PageMeta> {
  const match = DESIGN_PAGE.exec(path);
  if (!match) return null;
  const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, match[2]!));
  if (!design?.isPublic) return null;
  const images = (await loadDesignImages(db, [design.id])).get(design.id) ?? [];
  const image = images[0];
  if (!image) return null;
  const shownFirst = images.find((row) => row.kind !== 'refined') ?? image;
  const designUrl = fileUrl(shownFirst.key);
  const srcset = imageSrcSet(designUrl, imageInfo(shownFirst));
  return {
    title: SHARED_DESIGN_TITLE,
    image: `${publicUrl}${fileUrl(image.key)}`,
    firstImage: { href: designUrl, ...(srcset ? { responsive: { srcset, sizes: RESULT_IMAGE_SIZES } } : {}) },
  };
}
