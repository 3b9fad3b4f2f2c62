import { designTools, type DesignTool } from '@rv/contracts/domain';
import { z } from 'zod';
import { draftKey, draftStore } from '@/lib/draft-store';

/**
 * The design this browser sent last and whose answer its person may not have seen (ADR 054): noted
 * when a tool form is sent, given the design's id when the answer comes after the form has gone (the person
 * left while it was made), forgotten once they were shown it. Kept with the account's drafts, under its id,
 * so that it goes with them at sign-out.
 */
export interface LeftDesign {
  tool: DesignTool;
  /** This browser's clock when the form was sent. */
  startedAt: number;
  /** Its id, once an answer named it. */
  designId: string | null;
}

const leftDesign = z.object({ tool: z.enum(designTools), startedAt: z.number(), designId: z.string().nullable() });
const keyOf = (userId: string) => draftKey(userId, 'left-design');

export async function readLeftDesign(userId: string): Promise<LeftDesign | null> {
  const stored = await draftStore().read(keyOf(userId));
  const parsed = leftDesign.safeParse(stored?.record);
  return parsed.success ? parsed.data : null;
}

export const noteDesignSent = (userId: string, tool: DesignTool, now: number) =>
  draftStore()
    .write(keyOf(userId), { tool, startedAt: now, designId: null } satisfies LeftDesign, new Map())
    .catch(() => undefined);

/** The answer came after the form had gone: the design is this one. */
export async function noteDesignAnswered(userId: string, designId: string) {
  const left = await readLeftDesign(userId).catch(() => null);
  if (left)
    await draftStore()
      .write(keyOf(userId), { ...left, designId } satisfies LeftDesign, new Map())
      .catch(() => undefined);
}

export const forgetLeftDesign = (userId: string) =>
  draftStore()
    .remove(keyOf(userId))
    .catch(() => undefined);

/** How far this browser's clock may be from the server's, when a design is matched to the time its form was sent. */
export const CLOCK_SLACK_MS = 2 * 60 * 1000;

/**
 * Which of the account's newest designs (newest first) the left one is: the one its answer named, else the
 * newest made since it was sent (give or take CLOCK_SLACK_MS).
 */
export function findLeftDesign<Design extends { id: string; createdAt: string }>(
  left: LeftDesign,
  newest: readonly Design[],
): Design | undefined {
  if (left.designId) return newest.find((design) => design.id === left.designId);
  const [latest] = newest;
  return latest && Date.parse(latest.createdAt) >= left.startedAt - CLOCK_SLACK_MS ? latest : undefined;
}
