/**
 * Whether a file's first bytes are those of a JPEG, PNG or WebP image: the same test the server makes
 * (uploads/process-image.ts, by the magic bytes), made in the browser as soon as a file is picked, so
 * that a file which only claims to be a photo (a text file named `.jpg`) is refused on the spot, before
 * it is shown or sent.
 */
export async function hasImageSignature(file: Blob): Promise<boolean> {
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  } catch {
    return false;
  }
  const starts = (bytes: readonly number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
  return (
    starts([0xff, 0xd8, 0xff]) ||
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    (starts(ascii('RIFF')) && starts(ascii('WEBP'), 8))
  );
}
