import { z } from 'zod';

/** A look and its consistency figure (issue 49): the parts the design view and the homes' calls share. */

/** A colour the look's palette holds: measured from the result image (k-means), its share of the pixels. */
export const lookColour = z.object({ hex: z.string().regex(/^#[0-9a-f]{6}$/i), name: z.string(), share: z.number().min(0).max(1) });

/** A named piece of the look: an item the analysis lists in the result, with the photo the person gave of it, if any. */
export const lookPiece = z.object({
  name: z.string(),
  /** The storage key of the person's photo of it (the server's; the web reads `photoUrl`). */
  photoKey: z.string().nullable(),
  /** Named after the owner's own item description (their words: only the owner reads it, ADR 057). */
  own: z.boolean(),
});

/** A look as it is stored and carried to the engines. */
export const look = z.object({
  /** The room the look came from, in words ("living room"): the consistency figure says "Matches your living room closely". */
  roomWords: z.string(),
  palette: z.array(lookColour).min(1).max(6),
  materials: z.array(z.string()).max(8),
  forms: z.array(z.string()).max(6),
  pieces: z.array(lookPiece).max(8),
  mood: z.string(),
});
export type Look = z.infer<typeof look>;

/** How close a design made with a look came to it, as measured when it was made (or brought closer). */
export const consistency = z.object({
  /** CIEDE2000 between the dominant palettes of the source and this result (0 the same; under 10 close). */
  paletteDistance: z.number(),
  /** The look's named pieces the analysis finds again in this result, of `piecesTotal`. */
  piecesFound: z.number().int(),
  piecesTotal: z.number().int(),
  level: z.enum(['close', 'near', 'far']),
  /** In words, for the person: "Matches your living room closely". */
  words: z.string(),
  /** The image model took fewer images than the request had: the look reached it in words only (says how many it takes). */
  lookAsWordsOnly: z.number().int().nullable(),
});
export type Consistency = z.infer<typeof consistency>;
