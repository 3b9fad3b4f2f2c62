import { z } from 'zod';
import { HOME_NAME_MAX } from '../constants';
import { messages } from '../messages';
import { viewPicture } from './design-view';
import { consistency, look } from './look';

export { consistency, look, lookColour, lookPiece, type Consistency, type Look } from './look';

/**
 * Whole home, one look (issue 49): a look taken from a result, carried to other rooms and other photos of
 * the same room; homes that hold a person's designs side by side, downloaded as one ZIP and shared as one page.
 */

/** A look as a page shows it: the piece photos as URLs. */
export const lookView = look.omit({ pieces: true }).extend({
  id: z.string(),
  /** The results page the look came from. */
  sourcePagePath: z.string(),
  /** The result image it was taken from. */
  source: viewPicture,
  pieces: z.array(z.object({ name: z.string(), photoUrl: z.string().nullable() })),
});
export type LookView = z.infer<typeof lookView>;

/** POST /api/designs/{id}/images/{imageId}/look: takes the look of one result. */
export const takeLookParams = z.object({ id: z.string().min(1).max(64), imageId: z.string().min(1).max(64) });
export const lookAnswer = z.object({ look: lookView });
/** GET /api/looks/{id} */
export const lookParams = z.object({ id: z.string().min(1).max(64) });

/** One room of a home, as its page shows it: its first result beside the others. */
export const homeRoom = z.object({
  designId: z.string(),
  pagePath: z.string(),
  /** The room's type, from the list a person picks from ("Living room"), or the tool's name. */
  roomWords: z.string(),
  image: viewPicture.nullable(),
  consistency: consistency.nullable(),
});
export type HomeRoom = z.infer<typeof homeRoom>;

export const homeName = z
  .string()
  .trim()
  .min(1, messages.homes.nameRequired)
  .max(HOME_NAME_MAX, `A home's name is at most ${HOME_NAME_MAX} characters.`);

/**
 * A home: its rooms side by side. Its name is the owner's words, so only the owner reads it (ADR 057): a
 * visitor of a shared home gets `name: null`.
 */
export const homeView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  isPublic: z.boolean(),
  pagePath: z.string(),
  rooms: z.array(homeRoom),
});
export type HomeView = z.infer<typeof homeView>;

/** GET /api/homes: the caller's homes ("My home" first, made at the first design or here). */
export const homeListAnswer = z.object({ homes: z.array(homeView) });
/** POST /api/homes */
export const newHomeBody = z.object({ name: homeName });
export const homeParams = z.object({ id: z.string().min(1).max(64) });
/** PATCH /api/homes/{id} */
export const homeChangeBody = z.object({ name: homeName.optional(), isPublic: z.boolean().optional() });
/** GET /api/homes/{id}: the owner's home, or a shared one for anyone (read-only); else 404. */
export const homeAnswer = z.object({ home: homeView, editable: z.boolean() });

/** POST /api/designs/{id}/bring-closer: one press that re-renders the first result towards its look (like Fix Room). */
export const bringCloserAnswer = z.object({ taskId: z.string() });
