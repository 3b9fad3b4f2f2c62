import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngChunk, stripMetadata } from './strip-metadata';

/** A photo with something to see: a gradient, so a re-encoding would show in its pixels. */
const photo = () =>
  sharp(
    Buffer.from(Array.from({ length: 64 * 48 * 3 }, (_, i) => (i * 37) % 251)),
    { raw: { width: 64, height: 48, channels: 3 } },
  );
const exif = { IFD0: { Make: 'PhoneMaker', Model: 'Model X', Copyright: 'Kept at home' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } };
const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jo Bloggs</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

const pixels = async (file: Buffer) => (await sharp(file).raw().toBuffer({ resolveWithObject: true })).data;
const says = (file: Buffer, text: string) => file.includes(Buffer.from(text, 'latin1'));

describe('stripMetadata', () => {
  it('cuts EXIF (camera, GPS), XMP and comments out of a JPEG, keeps its compressed data byte for byte and its orientation', async () => {
    const given = await photo().jpeg({ quality: 90 }).withExif(exif).withXmp(xmp).withMetadata({ orientation: 6 }).toBuffer();
    expect(says(given, 'PhoneMaker') && says(given, 'Jo Bloggs')).toBe(true);

    const stripped = stripMetadata(given, 'image/jpeg', 6);
    for (const text of ['PhoneMaker', 'Model X', 'Kept at home', 'Jo Bloggs', 'xmpmeta']) expect(says(stripped, text), text).toBe(false);
    const meta = await sharp(stripped).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.xmp).toBeUndefined();
    // The scan (from the start-of-scan marker to the end) is the given file's own bytes.
    const scan = (file: Buffer) => file.subarray(file.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(stripped).equals(scan(given))).toBe(true);
    expect((await pixels(stripped)).equals(await pixels(given))).toBe(true);
    expect(stripped.length).toBeLessThan(given.length);
  });

  it('drops what follows a JPEG’s end (a second picture with its own EXIF) and writes no orientation when upright', async () => {
    const given = await photo().jpeg().withExif(exif).toBuffer();
    const trailer = await photo().jpeg().withExif({ IFD0: { Make: 'SecondPicture' } }).toBuffer();
    const stripped = stripMetadata(Buffer.concat([given, trailer]), 'image/jpeg', 1);
    expect(says(stripped, 'SecondPicture')).toBe(false);
    expect(says(stripped, 'Exif')).toBe(false);
    expect(stripped.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect((await pixels(stripped)).equals(await pixels(given))).toBe(true);
  });

  it('keeps a JPEG’s ICC colour profile', async () => {
    const given = await photo().jpeg().withIccProfile('p3').withExif(exif).toBuffer();
    const stripped = stripMetadata(given, 'image/jpeg');
    expect((await sharp(stripped).metadata()).icc).toEqual((await sharp(given).metadata()).icc);
    expect(says(stripped, 'PhoneMaker')).toBe(false);
  });

  it('cuts text, time and EXIF chunks out of a PNG and keeps its image data and orientation', async () => {
    const plain = await photo().png().toBuffer();
    const ihdrEnd = 8 + 12 + 13;
    const given = Buffer.concat([
      plain.subarray(0, ihdrEnd),
      pngChunk('tEXt', Buffer.from('Author\0Jo Bloggs', 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 29, 6, 30, 0])),
      plain.subarray(ihdrEnd),
    ]);
    expect(says(given, 'Jo Bloggs')).toBe(true);
    const stripped = stripMetadata(given, 'image/png', 8);
    expect(says(stripped, 'Jo Bloggs') || says(stripped, 'tIME')).toBe(false);
    expect((await sharp(stripped).metadata()).orientation).toBe(8);
    expect((await pixels(stripped)).equals(await pixels(given))).toBe(true);
  });

  it('cuts EXIF and XMP out of a WebP, clears their flags, and keeps its orientation', async () => {
    const given = await photo().webp({ quality: 80 }).withExif(exif).withXmp(xmp).withMetadata({ orientation: 3 }).toBuffer();
    expect(says(given, 'PhoneMaker')).toBe(true);
    const stripped = stripMetadata(given, 'image/webp', 3);
    for (const text of ['PhoneMaker', 'Jo Bloggs', 'XMP ']) expect(says(stripped, text), text).toBe(false);
    const meta = await sharp(stripped).metadata();
    expect(meta.orientation).toBe(3);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect((await pixels(stripped)).equals(await pixels(given))).toBe(true);
  });
});
