import sharp from 'sharp';
import type { CutOut } from './key-out-background';
import type { Mount, Placement } from './placements';

/**
 * Putting cut-outs into a room photo held as raw RGB: scaling, soft shadows and alpha blending,
 * clipped to the photo (an item near an edge is cut by the frame, as a camera would cut it).
 */

export interface RawImage {
  /** RGB, 3 bytes a pixel. */
  data: Buffer;
  width: number;
  height: number;
}

/** Blends RGBA pixels over the RGB image at (left, top), in place; `opacity` scales the overlay's alpha. */
export function blendOver(base: RawImage, overlay: Buffer, ow: number, oh: number, left: number, top: number, opacity = 1): void {
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(base.width, left + ow);
  const y1 = Math.min(base.height, top + oh);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const o = ((y - top) * ow + (x - left)) * 4;
      const a = ((overlay[o + 3] ?? 0) / 255) * opacity;
      if (a <= 0) continue;
      const b = (y * base.width + x) * 3;
      for (let c = 0; c < 3; c++) base.data[b + c] = Math.round((base.data[b + c] ?? 0) * (1 - a) + (overlay[o + c] ?? 0) * a);
    }
  }
}

/** Darkens the image by a single-channel shadow mask (0..255) at (left, top), in place. */
export function darkenBy(base: RawImage, mask: Buffer, mw: number, mh: number, left: number, top: number): void {
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(base.width, left + mw);
  const y1 = Math.min(base.height, top + mh);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const a = (mask[(y - top) * mw + (x - left)] ?? 0) / 255;
      if (a <= 0) continue;
      const b = (y * base.width + x) * 3;
      for (let c = 0; c < 3; c++) base.data[b + c] = Math.round((base.data[b + c] ?? 0) * (1 - a));
    }
  }
}

export interface ItemToPlace {
  cutOut: CutOut;
  /** Height as a share of the room's height (already multiplied by the placement's scale). */
  height: number;
  /** The widest it may be, as a share of the room's width. */
  maxWidth: number;
  placement: Placement;
}

/** Where an item landed, for tests and the analysis. */
export interface PlacedItem {
  left: number;
  top: number;
  width: number;
  height: number;
  mount: Mount;
}

/**
 * Composites items into the room, farthest first, each with a soft shadow: a contact shadow under
 * floor items, and a drop shadow falling away from the window (`lightX`, a share of the width).
 */
export async function placeItems(room: RawImage, items: readonly ItemToPlace[], lightX?: number): Promise<PlacedItem[]> {
  const ordered = [...items].sort((a, b) => a.placement.y - b.placement.y);
  const placed: PlacedItem[] = [];
  for (const item of ordered) {
    const { cutOut, placement } = item;
    let height = Math.max(2, item.height * room.height);
    let width = (height * cutOut.width) / Math.max(1, cutOut.height);
    const maxWidth = Math.min(item.maxWidth, 0.95) * room.width;
    if (width > maxWidth) {
      height *= maxWidth / width;
      width = maxWidth;
    }
    const w = Math.max(2, Math.round(width));
    const h = Math.max(2, Math.round(Math.min(height, room.height * 0.95)));
    const pixels = await sharp(cutOut.data, { raw: { width: cutOut.width, height: cutOut.height, channels: 4 } })
      .resize(w, h, { fit: 'fill' })
      .raw()
      .toBuffer();

    const centreX = placement.x * room.width;
    const left = Math.round(Math.min(room.width - w, Math.max(0, centreX - w / 2)));
    const anchorY = placement.y * room.height;
    const rawTop = placement.mount === 'floor' ? anchorY - h : placement.mount === 'wall' ? anchorY - h / 2 : anchorY;
    const top = Math.round(Math.min(room.height - h, Math.max(0, rawTop)));

    // Drop shadow: the silhouette, blurred, offset away from the light.
    const away = lightX === undefined ? 1 : Math.sign(left + w / 2 - lightX * room.width) || 1;
    const blur = Math.max(1, h * 0.03);
    const margin = Math.ceil(blur * 3);
    const silhouette = Buffer.alloc(w * h);
    for (let i = 0; i < w * h; i++) silhouette[i] = Math.round((pixels[i * 4 + 3] ?? 0) * (placement.mount === 'floor' ? 0.35 : 0.3));
    const shadow = await sharp(silhouette, { raw: { width: w, height: h, channels: 1 } })
      .extend({ top: margin, bottom: margin, left: margin, right: margin, background: { r: 0, g: 0, b: 0 } })
      .blur(blur)
      .extractChannel(0)
      .raw()
      .toBuffer();
    const dx = Math.round(away * w * 0.04);
    const dy = Math.round(h * (placement.mount === 'floor' ? 0.015 : 0.03));
    darkenBy(room, shadow, w + 2 * margin, h + 2 * margin, left - margin + dx, top - margin + dy);

    if (placement.mount === 'floor') {
      const ew = Math.round(w * 0.95);
      const eh = Math.max(4, Math.round(h * 0.1));
      darkenBy(room, contactShadow(ew, eh), ew, eh, Math.round(left + (w - ew) / 2), Math.round(top + h - eh * 0.6));
    }
    blendOver(room, pixels, w, h, left, top);
    placed.push({ left, top, width: w, height: h, mount: placement.mount });
  }
  return placed;
}

/** A soft elliptical contact shadow mask. */
function contactShadow(width: number, height: number): Buffer {
  const mask = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x + 0.5 - width / 2) / (width / 2);
      const dy = (y + 0.5 - height / 2) / (height / 2);
      const r = Math.hypot(dx, dy);
      mask[y * width + x] = r >= 1 ? 0 : Math.round(110 * (1 - r) ** 1.5);
    }
  }
  return mask;
}
