// Makes the landing's before/after samples from the real photographs we have with a clear licence
// (docs/images/SOURCES.md): RoomGPT's own example, a real living-room photo and two redesigns of it made by
// its model (MIT licence), as rooms 1 and 4, and the Open Graph image from the first redesign. The samples are
// AVIF (ADR 070): the first one is the landing's largest paint, and AVIF carries it in about 60% of WebP's bytes. The drawn rooms
// (scripts/render-samples.ts, which must run first, for samples.json) are left out: never a drawing beside the
// promise that designs "look like photographs" (issue 51).
// Usage: git clone https://github.com/Nutlope/roomGPT && ROOMGPT_DIR=roomGPT node --import tsx scripts/sample-photos.ts
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteConfig } from '@rv/contracts/api/site';
import sharp from 'sharp';

const OUT_DIR = fileURLToPath(new URL('../apps/web/public/samples/', import.meta.url));
const from = (file: string) => path.join(process.env.ROOMGPT_DIR ?? 'roomGPT', 'public', file);

/** The size the landing shows them at (3:2, as the drawings), at most the redesigns' own 704 px width. */
const WIDTH = 704;
const HEIGHT = 469;

const ROOMS = [
  {
    id: 1,
    after: 'generated-pic.png',
    alt: 'The same living room redesigned: white leather sofas and armchairs, a dark glass coffee table, pale walls with framed prints and recessed lights.',
  },
  {
    id: 4,
    after: 'generated-pic-2.jpg',
    alt: 'The same living room redesigned as a dark lounge: charcoal leather recliners, a patterned rug, a floor lamp and warm spotlights.',
  },
];

/**
 * AVIF's quality 45 at the landing's size (~17 KB, from WebP's ~30 KB at quality 62) looks the same at the
 * size shown; a thumbnail is small enough to keep more.
 */
async function photo(input: Buffer | string, width: number, height: number, quality: number) {
  // The redesigns are 704 x 512 of the 4:3 photo: the photo is brought to that frame first, so the two line up.
  return sharp(input)
    .rotate()
    .resize(704, 512, { fit: 'fill' })
    .resize(width, height, { fit: 'cover' })
    .avif({ quality, effort: 6 })
    .toBuffer();
}

const original = await readFile(from('original-pic.jpg'));
const manifestFile = path.join(OUT_DIR, 'samples.json');
// The server's own schema of the file (load-site-config.ts): one that is not a list of samples stops here, naming what is wrong.
const manifest = siteConfig.shape.samples.parse(JSON.parse(await readFile(manifestFile, 'utf8')));
for (const room of ROOMS) {
  const entry = manifest.find((sample) => sample.id === room.id);
  if (!entry) throw new Error(`samples.json has no room ${room.id}`);
  const after = await readFile(from(room.after));
  const images = {
    before: await photo(original, WIDTH, HEIGHT, 45),
    after: await photo(after, WIDTH, HEIGHT, 45),
    thumb: await photo(after, 240, 160, 55),
  };
  for (const [kind, bytes] of Object.entries(images)) {
    const name = `room-${room.id}-${kind}.avif`;
    await writeFile(path.join(OUT_DIR, name), bytes);
    await rm(path.join(OUT_DIR, `room-${room.id}-${kind}.webp`), { force: true });
    entry[kind as keyof typeof images] = `/samples/${name}`;
  }
  entry.alt = room.alt;
  console.log(`room ${room.id} (${entry.room}): photographs from RoomGPT`);
}
await writeFile(
  path.join(OUT_DIR, 'og-image.webp'),
  await sharp(await readFile(from(ROOMS[0]!.after)))
    .resize(1200, 630, { fit: 'cover' })
    .webp({ quality: 70 })
    .toBuffer(),
);
const photographs = manifest.filter((sample) => ROOMS.some((room) => room.id === sample.id));
await writeFile(manifestFile, JSON.stringify(photographs, null, 2) + '\n');
console.log(`samples.json: rooms ${photographs.map((sample) => sample.id).join(' and ')} (the drawn rooms left out), og-image.webp`);
