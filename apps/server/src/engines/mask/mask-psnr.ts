import sharp from 'sharp';
import { REFINE_MASK } from '@rv/contracts/constants';

/**
 * How far a refinement left its base alone, for the tests of 'Change only here' (ADR 022): the PSNR
 * (dB; Infinity when identical) of `result` against `base` outside the painted area widened by the
 * feathered band, and the mean absolute difference inside the painted area (0..255). Both images are
 * read at the base's size; the mask (255 = painted) is stretched to it.
 */
export async function maskedDifference(
  base: Buffer,
  result: Buffer,
  mask: Buffer,
  bandPx = REFINE_MASK.featherPx * 2,
): Promise<{ psnrOutside: number; meanDiffInside: number; outsidePixels: number; insidePixels: number }> {
  const a = await sharp(base).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = a.info;
  const b = await sharp(result).removeAlpha().resize(width, height, { fit: 'fill' }).raw().toBuffer();
  const painted = await sharp(mask)
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .threshold(128)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const band = await sharp(painted, { raw: { width, height, channels: 1 } })
    .dilate(bandPx)
    .extractChannel(0)
    .raw()
    .toBuffer();
  let squared = 0;
  let outside = 0;
  let diffInside = 0;
  let inside = 0;
  for (let i = 0; i < width * height; i++) {
    const p = i * 3;
    if (painted[i]) {
      diffInside += (Math.abs(a.data[p]! - b[p]!) + Math.abs(a.data[p + 1]! - b[p + 1]!) + Math.abs(a.data[p + 2]! - b[p + 2]!)) / 3;
      inside++;
    } else if (!band[i]) {
      for (let c = 0; c < 3; c++) squared += (a.data[p + c]! - b[p + c]!) ** 2;
      outside++;
    }
  }
  const mse = outside ? squared / (outside * 3) : 0;
  return {
    psnrOutside: mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse),
    meanDiffInside: inside ? diffInside / inside : 0,
    outsidePixels: outside,
    insidePixels: inside,
  };
}
