import { z } from 'zod';
import { readJson } from '@rv/contracts/json';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { users } from '../../db/schema';
import {
  accounts,
  bugReports,
  designFeedback,
  designImages,
  designTasks,
  homes,
  looks,
  roomDesigns,
  roomShares,
  sessions,
  subscriptions,
  verifications,
  type DesignImageRow,
  type DesignRow,
  type HomeRow,
  type LookRow,
  type StoredImage,
} from '../../db/schema';
import { designFiles, resultThumbKey } from '../designs';

/** What the export reads of a pending e-mail change's record: the address waiting for confirmation. */
const pendingAddress = z.looseObject({ email: z.string() });

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Reader = Db | Tx;

export type UserRow = typeof users.$inferSelect;
export type TaskRow = typeof designTasks.$inferSelect;

/** Everything the database holds about one user (their rows, and the rows that name them). */
export interface UserData {
  user: UserRow;
  designs: DesignRow[];
  /** Their designs' result images, each design's in the results page's order. */
  images: DesignImageRow[];
  tasks: TaskRow[];
  /** Their homes, first made first (the first holds the designs made before homes), and the looks they took. */
  homes: HomeRow[];
  looks: LookRow[];
  feedback: (typeof designFeedback.$inferSelect)[];
  shares: (typeof roomShares.$inferSelect)[];
  /** Bug reports they sent signed in. */
  bugReports: (typeof bugReports.$inferSelect)[];
  subscriptions: (typeof subscriptions.$inferSelect)[];
  signInMethods: { providerId: string; createdAt: Date }[];
  sessions: { createdAt: Date; expiresAt: Date; ipAddress: string | null; userAgent: string | null }[];
  /** A new e-mail address waiting for its confirmation link, if any. */
  pendingEmail: string | null;
}

/**
 * Their bug reports: those sent while signed in, by their id only. A report sent signed out names an
 * address anyone could have typed, so it belongs to no account (it never enters their export or deletion).
 */
export const bugReportsOf = (user: Pick<UserRow, 'id'>) => eq(bugReports.userId, user.id);

/** Subscription records of theirs: by the ids on their row, or by their e-mail address. */
export function subscriptionsOf(user: Pick<UserRow, 'email' | 'stripeCustomerId' | 'stripeSubscriptionId'>) {
  return or(
    eq(subscriptions.email, user.email),
    user.stripeSubscriptionId ? eq(subscriptions.id, user.stripeSubscriptionId) : undefined,
    user.stripeCustomerId ? eq(subscriptions.customerId, user.stripeCustomerId) : undefined,
  );
}

/**
 * Verification values of theirs: sign-in links to their address and e-mail changes they asked for.
 * The CASE keeps the JSON cast away from other values (OAuth state), whatever order the planner picks.
 */
export function verificationsOf(user: Pick<UserRow, 'id' | 'email'>) {
  return sql`(case
    when ${verifications.identifier} like 'magic-link:%' then (${verifications.value})::jsonb->>'email' = ${user.email}
    when ${verifications.identifier} like 'email-change:%' then (${verifications.value})::jsonb->>'userId' = ${user.id}
    else false end)`;
}

export async function loadUserData(db: Reader, user: UserRow): Promise<UserData> {
  const designs = await db.select().from(roomDesigns).where(eq(roomDesigns.userId, user.id)).orderBy(asc(roomDesigns.createdAt));
  const designIds = designs.map((d) => d.id);
  const ownTasks = or(eq(designTasks.userId, user.id), designIds.length ? inArray(designTasks.designId, designIds) : undefined);
  const [images, tasks, ownHomes, ownLooks, feedback, shares, reports, subs, methods, userSessions, pending] = await Promise.all([
    designIds.length
      ? db
          .select()
          .from(designImages)
          .where(inArray(designImages.designId, designIds))
          .orderBy(asc(designImages.designId), asc(designImages.rank), asc(designImages.createdAt), asc(designImages.id))
      : [],
    db.select().from(designTasks).where(ownTasks).orderBy(asc(designTasks.createdAt)),
    db.select().from(homes).where(eq(homes.userId, user.id)).orderBy(asc(homes.createdAt), asc(homes.id)),
    db.select().from(looks).where(eq(looks.userId, user.id)).orderBy(asc(looks.createdAt)),
    db.select().from(designFeedback).where(eq(designFeedback.userId, user.id)).orderBy(asc(designFeedback.createdAt)),
    db.select().from(roomShares).where(eq(roomShares.userId, user.id)).orderBy(asc(roomShares.createdAt)),
    db.select().from(bugReports).where(bugReportsOf(user)).orderBy(asc(bugReports.createdAt)),
    db.select().from(subscriptions).where(subscriptionsOf(user)),
    db.select({ providerId: accounts.providerId, createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.userId, user.id)),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({ value: verifications.value })
      .from(verifications)
      .where(and(sql`${verifications.identifier} like 'email-change:%'`, verificationsOf(user))),
  ]);
  // A row that is not a change record (not JSON, no address) names no pending address.
  const pendingEmail = pending.map((row) => readJson(pendingAddress, row.value)?.email).find((email) => email !== undefined);
  return {
    user,
    designs,
    images,
    tasks,
    homes: ownHomes,
    looks: ownLooks,
    feedback,
    shares,
    bugReports: reports,
    subscriptions: subs,
    signInMethods: methods,
    sessions: userSessions,
    pendingEmail: pendingEmail ?? null,
  };
}

/** One stored file of the user's and where it goes in their archive. */
export interface UserFile {
  key: string;
  path: string;
}

/** Lower-case words joined by dashes, for folder names people can read. */
export function slug(text: string, fallback: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return words || fallback;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Each design's folder in the archive: its date, its name (or tool) and the start of its id; never two alike. */
export function designFolders(designs: DesignRow[], images: DesignImageRow[]): Map<string, string> {
  const folders = new Map<string, string>();
  const used = new Set<string>();
  for (const design of designs) {
    const own = images.filter((image) => image.designId === design.id);
    const name = own[0]?.name ?? own.find((image) => image.name)?.name ?? '';
    const fallback = design.tool === 'furnishing' ? 'furnishing-decorating' : 'kitchen-bathroom';
    const base = `designs/${day(design.createdAt)}-${slug(name, fallback)}-${design.id.slice(0, 8).replace(/[^a-zA-Z0-9]/g, '')}`;
    let folder = base;
    for (let n = 2; used.has(folder); n++) folder = `${base}-${n}`;
    used.add(folder);
    folders.set(design.id, folder);
  }
  return folders;
}

export function bugReportFolder(report: UserData['bugReports'][number]): string {
  return `bug-reports/${day(report.createdAt)}-${report.id.slice(0, 8)}`;
}

/**
 * Every stored file that is theirs, each once, with a readable place in the archive: avatar,
 * StyleLens photos, each design's original, reference photos, results, refinements, tweak photos
 * (pending or used) and thumbnails, and their bug reports' screenshots.
 */
export function userFiles(data: UserData): UserFile[] {
  const files: UserFile[] = [];
  const seen = new Set<string>();
  const add = (key: string | null | undefined, path: string) => {
    if (!key || seen.has(key)) return;
    seen.add(key);
    files.push({ key, path });
  };
  const addImage = (image: Pick<StoredImage, 'key' | 'thumbKey'>, folder: string, name: string) => {
    add(image.key, `${folder}/${name}.webp`);
    add(image.thumbKey, `${folder}/thumbnails/${name}.webp`);
  };

  const { user } = data;
  if (user.avatarKey) add(user.avatarKey, 'avatar/avatar.webp');
  user.styleLens?.photoKeys.forEach((key, index) => add(key, `style-lens/photo-${index + 1}.webp`));

  const folders = designFolders(data.designs, data.images);
  for (const design of data.designs) {
    const folder = folders.get(design.id)!;
    addImage(design.original, folder, 'original');
    // More photos of the same room (ADR 065), after the first.
    design.morePhotos.forEach((photo, index) => addImage(photo, folder, `original-${index + 2}`));
    const roleCounts: Record<string, number> = {};
    for (const reference of design.references) {
      roleCounts[reference.role] = (roleCounts[reference.role] ?? 0) + 1;
      addImage(reference, `${folder}/your-photos`, `${reference.role}-${roleCounts[reference.role]}`);
    }
    const own = data.images.filter((image) => image.designId === design.id);
    own.filter((image) => image.kind !== 'refined').forEach((image, index) => addImage(image, folder, `result-${index + 1}`));
    own.filter((image) => image.kind === 'refined').forEach((image, index) => addImage(image, folder, `refined-${index + 1}`));
    const tasks = data.tasks.filter((task) => task.designId === design.id);
    const tweakKeys = [...tasks.flatMap((task) => (task.input.kind === 'refine' ? task.input.tweakKeys : [])), ...design.pendingTweakKeys];
    tweakKeys.forEach((key, index) => add(key, `${folder}/tweak-photos/tweak-${index + 1}.webp`));
    // Outputs of refinements and Fix Room still stored but no longer listed on the design.
    let other = 0;
    for (const key of tasks.flatMap((task) => task.resultKeys)) {
      if (seen.has(key)) continue;
      other += 1;
      add(key, `${folder}/other-results/result-${other}.webp`);
      add(resultThumbKey(key), `${folder}/other-results/thumbnails/result-${other}.webp`);
    }
  }

  for (const report of data.bugReports) {
    report.attachmentKeys.forEach((key, index) => add(key, `${bugReportFolder(report)}/screenshot-${index + 1}.webp`));
  }
  return files;
}

/** Every stored file of theirs: the images handed over in the export, and each design's own files (manifests included). */
export function allUserFiles(data: UserData): string[] {
  const designs = data.designs.flatMap((design) =>
    designFiles(
      design,
      data.images.filter((image) => image.designId === design.id),
      data.tasks.filter((task) => task.designId === design.id),
    ),
  );
  return [...new Set([...userFiles(data).map((file) => file.key), ...designs])];
}
