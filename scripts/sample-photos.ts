// Makes the landing's before/after samples from the real photographs we have with a clear licence
// (docs/images/SOURCES.md): RoomGPT's own example, a real living-room photo and two redesigns of it made by
// its model (MIT licence), as rooms 1 and 4, and the Open Graph image from the first redesign. The drawn rooms
// (scripts/render-samples.ts, which must run first, for samples.json) are left out: never a drawing beside the
// promise that designs "look like photographs" (issue 51).
// Usage: git clone https://github.com/Nutlope/roomGPT && ROOMGPT_DIR=roomGPT node --import tsx scripts/sample-photos.ts
import { readFile, writeFile } from 'node:fs/promises';
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

async function photo(input: Buffer | string, width: number, height: number, quality: number) {
  // The redesigns are 704 x 512 of the 4:3 photo: the photo is brought to that frame first, so the two line up.
  return sharp(input).rotate().resize(704, 512, { fit: 'fill' }).resize(width, height, { fit: 'cover' }).webp({ quality }).toBuffer();
}

const original = await readFile(from('original-pic.jpg'));
const manifestFile = path.join(OUT_DIR, 'samples.json');
// The server's own schema of the file (load-site-config.ts): one that is not a list of samples stops here, naming what is wrong.
const manifest = siteConfig.shape.samples.parse(JSON.parse(await readFile(manifestFile, 'utf8')));
for (const room of ROOMS) {
  await writeFile(path.join(OUT_DIR, `room-${room.id}-before.webp`), await photo(original, WIDTH, HEIGHT, 62));
  const after = await readFile(from(room.after));
  await writeFile(path.join(OUT_DIR, `room-${room.id}-after.webp`), await photo(after, WIDTH, HEIGHT, 62));
  await writeFile(path.join(OUT_DIR, `room-${room.id}-thumb.webp`), await photo(after, 240, 160, 70));
  const entry = manifest.find((sample) => sample.id === room.id);
  if (!entry) throw new Error(`samples.json has no room ${room.id}`);
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
