import { crc32 } from 'node:zlib';

/**
 * A photo as its person gave it, less what it says about them: the EXIF (camera, time, GPS), XMP, IPTC and
 * comment blocks are cut out of the file and its compressed image data is left as it came, byte for byte,
 * so its pixels are the very pixels uploaded (no re-encoding, no loss). Only the orientation is kept (a
 * minimal EXIF block holding that one tag), so the photo still stands the way it was taken.
 *
 * JPEG: the segments before the scan are kept when they describe the image (JFIF, the ICC colour profile,
 * Adobe's colour transform, tables, frame); APP1 (EXIF, XMP), APP13 (IPTC), COM and the other application
 * blocks go, as does anything after the end of the image (a phone's second, EXIF-carrying picture). PNG: the
 * critical chunks and those that change how pixels look are kept; text, time and EXIF chunks go. WebP: the
 * EXIF and XMP chunks go and the header's flags say so.
 */
export function stripMetadata(file: Buffer, mime: string, orientation = 1): Buffer {
  if (mime === 'image/jpeg') return stripJpeg(file, orientation);
  if (mime === 'image/png') return stripPng(file, orientation);
  if (mime === 'image/webp') return stripWebp(file, orientation);
  throw new Error(`no metadata stripping for ${mime}`);
}

/** A TIFF structure holding one tag, the orientation (0x0112, SHORT), in big-endian order: the body of an EXIF block. */
function orientationTiff(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18); // value, left-justified in its 4 bytes
  tiff.writeUInt32BE(0, 22); // no next IFD
  return tiff;
}

const keepsOrientation = (orientation: number) => orientation >= 2 && orientation <= 8;

function stripJpeg(file: Buffer, orientation: number): Buffer {
  if (file.readUInt16BE(0) !== 0xffd8) throw new Error('not a JPEG');
  const kept: Buffer[] = [file.subarray(0, 2)];
  let at = 2;
  let orientationWritten = !keepsOrientation(orientation);
  const writeOrientation = () => {
    if (orientationWritten) return;
    const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), orientationTiff(orientation)]);
    const head = Buffer.alloc(4);
    head.writeUInt16BE(0xffe1, 0);
    head.writeUInt16BE(body.length + 2, 2);
    kept.push(head, body);
    orientationWritten = true;
  };
  while (at < file.length) {
    if (file[at] !== 0xff) throw new Error(`JPEG segment expected at ${at}`);
    const marker = file[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda) {
      // Start of scan: the compressed image and whatever follows up to the end of the image, as it came.
      writeOrientation();
      const end = endOfImage(file, at);
      kept.push(file.subarray(at, end));
      return Buffer.concat(kept);
    }
    const length = file.readUInt16BE(at + 2);
    const segment = file.subarray(at, at + 2 + length);
    const isApp0 = marker === 0xe0;
    const keep =
      isApp0 ||
      (marker === 0xe2 && segment.subarray(4, 16).toString('latin1') === 'ICC_PROFILE\0') ||
      marker === 0xee || // Adobe: how the colours are transformed
      (!(marker >= 0xe0 && marker <= 0xef) && marker !== 0xfe);
    if (!isApp0) writeOrientation(); // right after JFIF's APP0, before anything else
    if (keep) kept.push(segment);
    at += 2 + length;
  }
  throw new Error('JPEG without a scan');
}

/** Where the image ends: just past the first EOI marker after `from` (never inside entropy data: 0xFF there is followed by 0x00 or a restart). */
function endOfImage(file: Buffer, from: number): number {
  for (let i = from + 2; i < file.length - 1; i++) {
    if (file[i] === 0xff && file[i + 1] === 0xd9) return i + 2;
  }
  return file.length;
}

/** The chunks that say how a PNG's pixels look (the critical ones, upper-case, are always kept). */
const PNG_KEPT_ANCILLARY = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'pHYs', 'bKGD', 'hIST', 'sPLT', 'cICP', 'mDCV', 'cLLI', 'acTL', 'fcTL', 'fdAT']);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function stripPng(file: Buffer, orientation: number): Buffer {
  if (!file.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 8 <= file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const chunk = file.subarray(at, at + 12 + length);
    const critical = type[0] === type[0]!.toUpperCase();
    if (critical || PNG_KEPT_ANCILLARY.has(type)) kept.push(chunk);
    // The orientation goes before the image data, where eXIf belongs.
    if (type === 'IHDR' && keepsOrientation(orientation)) kept.push(pngChunk('eXIf', orientationTiff(orientation)));
    at += 12 + length;
    if (type === 'IEND') break;
  }
  return Buffer.concat(kept);
}

/** The VP8X header's flags: an ICC profile, alpha, EXIF, XMP, animation. */
const WEBP_EXIF_FLAG = 0x08;
const WEBP_XMP_FLAG = 0x04;

function stripWebp(file: Buffer, orientation: number): Buffer {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') throw new Error('not a WebP');
  const chunks: { type: string; data: Buffer }[] = [];
  let at = 12;
  while (at + 8 <= file.length) {
    const type = file.toString('latin1', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    chunks.push({ type, data: file.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  const extended = chunks.find((chunk) => chunk.type === 'VP8X');
  const kept = chunks.filter((chunk) => chunk.type !== 'EXIF' && chunk.type !== 'XMP ');
  const withOrientation = keepsOrientation(orientation) && extended !== undefined;
  if (extended) {
    const header = Buffer.from(extended.data);
    header[0] = (header[0]! & ~(WEBP_EXIF_FLAG | WEBP_XMP_FLAG)) | (withOrientation ? WEBP_EXIF_FLAG : 0);
    kept[kept.indexOf(extended)] = { type: 'VP8X', data: header };
  }
  // A simple WebP (no VP8X header) cannot carry EXIF, so it had no orientation to keep.
  if (withOrientation) kept.push({ type: 'EXIF', data: orientationTiff(orientation) });
  const body = Buffer.concat(
    kept.flatMap(({ type, data }) => {
      const head = Buffer.alloc(8);
      head.write(type, 0, 'latin1');
      head.writeUInt32LE(data.length, 4);
      return data.length % 2 ? [head, data, Buffer.alloc(1)] : [head, data];
    }),
  );
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length + 4, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, body]);
}
