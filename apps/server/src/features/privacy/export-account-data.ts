import type { Readable } from 'node:stream';
import type { ZipArchive, ZipEntryData } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services';
import { bugReportFolder, designFolders, userFiles, type UserData } from './user-data';

const README = `Room Visualizer: your data
==========================

This archive holds everything Room Visualizer stores about you, as it was when you downloaded it.

profile.json      your profile, subscription summary, credit usage, StyleLens, sign-in methods and sessions
designs.json      every room design with its brief, analysis, names, notes, refinements, feedback and sharing
bug-reports.json  the bug reports you sent
avatar/           your profile picture
style-lens/       the photos of your StyleLens
designs/          one folder per design: your room photo, your item, finish and inspiration photos,
                  the results, refinements, tweak photos and their thumbnails
bug-reports/      the screenshots you attached to bug reports

Every photo was re-encoded as WebP when it was uploaded, with all metadata (camera, GPS location)
removed. Card details are held by the payment provider, never by Room Visualizer.
`;

/** The archive's view of a stored file: its place in the archive, or null when it is not a file of theirs. */
type PathOf = (key: string | null | undefined) => string | null;

function profileJson(data: UserData, pathOf: PathOf, exportedAt: Date) {
  const { user } = data;
  const subscription = data.subscriptions.find((s) => s.id === user.stripeSubscriptionId) ?? data.subscriptions[0];
  return {
    exportedAt: exportedAt.toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      pendingNewEmail: data.pendingEmail,
      role: user.role,
      avatar: pathOf(user.avatarKey),
      pictureFromSignIn: user.image,
      location: user.location ?? null,
      signInId: user.firebaseUuid,
      lastSignInLinkRequestedAt: user.signinRequestedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    subscription: {
      status: user.subscriptionStatus,
      paymentProviderCustomerId: user.stripeCustomerId,
      paymentProviderSubscriptionId: user.stripeSubscriptionId,
      currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
      note: 'Card details are held by the payment provider and never reach Room Visualizer.',
    },
    credits: {
      transformationsUsed: user.transformationsUsed,
      transformationsLimit: user.transformationsLimit,
      periodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    },
    styleLens: user.styleLens
      ? {
          lens: user.styleLens.stylelens,
          summary: user.styleLens.human_summary,
          saved: user.styleSaveStatus,
          photos: user.styleLens.photoKeys.map(pathOf),
        }
      : null,
    signInMethods: data.signInMethods.map((m) => ({ method: m.providerId, since: m.createdAt.toISOString() })),
    sessions: data.sessions.map((s) => ({
      startedAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ipAddress: s.ipAddress,
      browser: s.userAgent,
    })),
  };
}

function designsJson(data: UserData, pathOf: PathOf) {
  const folders = designFolders(data.designs, data.images);
  const image = (i: { key: string; thumbKey: string; width: number; height: number }) => ({
    file: pathOf(i.key),
    thumbnail: pathOf(i.thumbKey),
    width: i.width,
    height: i.height,
  });
  return data.designs.map((design) => {
    const share = data.shares.find((s) => s.roomDesignId === design.id);
    const own = data.images.filter((i) => i.designId === design.id);
    const labels = (i: (typeof own)[number]) => ({ saved: i.saved, name: i.name, roomType: i.roomType, notes: i.notes });
    return {
      id: design.id,
      folder: folders.get(design.id),
      tool: design.tool,
      status: design.status,
      error: design.error,
      createdAt: design.createdAt.toISOString(),
      updatedAt: design.updatedAt.toISOString(),
      brief: design.brief,
      prompt: design.prompt,
      analysisHtml: `${design.analysisOwnerHtml ?? ''}${design.analysisHtml ?? ''}` || null,
      creditState: design.creditState,
      publicLink: design.isPublic,
      original: image(design.original),
      yourPhotos: design.references.map((r) => ({ role: r.role, itemIndex: r.role === 'inspiration' ? null : r.itemIndex, ...image(r) })),
      results: own
        .filter((i) => i.kind !== 'refined')
        .map((i) => ({ ...image(i), kind: i.kind, ...labels(i), architectureFidelity: i.fidelity, flagged: i.flagged })),
      refined: own.filter((i) => i.kind === 'refined').map((i) => ({ ...image(i), ...labels(i) })),
      pendingTweakPhotos: design.pendingTweakKeys.map(pathOf),
      refinements: data.tasks
        .filter((task) => task.designId === design.id)
        .map((task) => ({
          id: task.id,
          kind: task.kind,
          status: task.status,
          statusText: task.statusText,
          ...(task.input.kind === 'refine'
            ? { instruction: task.input.tweakText, scope: task.input.scope, tweakPhotos: task.input.tweakKeys.map(pathOf) }
            : { instruction: null, scope: null, tweakPhotos: [] }),
          results: task.resultKeys.map(pathOf),
          error: task.error,
          createdAt: task.createdAt.toISOString(),
        })),
      feedback: data.feedback
        .filter((f) => f.roomDesignId === design.id)
        .map((f) => ({ helpful: f.isHelpful, text: f.feedbackText, createdAt: f.createdAt.toISOString() })),
      sharedWithGallery: share ? { comment: share.userComment, sharedAt: share.createdAt.toISOString() } : null,
    };
  });
}

function bugReportsJson(data: UserData, pathOf: PathOf) {
  return data.bugReports.map((report) => ({
    id: report.id,
    folder: report.attachmentKeys.length ? bugReportFolder(report) : null,
    createdAt: report.createdAt.toISOString(),
    description: report.description,
    email: report.email,
    pageUrl: report.pageUrl,
    browser: report.userAgent,
    screenshots: report.attachmentKeys.map(pathOf),
  }));
}

/** Appends one entry and waits until the archive has taken it in (so only one stored file is open at a time). */
function appendEntry(archive: ZipArchive, source: Readable | Buffer | string, entry: ZipEntryData): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      archive.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onEntry = () => done();
    const onError = (error: Error) => done(error);
    const onClose = () => done(new Error('The archive was closed before it was complete'));
    archive.on('entry', onEntry);
    archive.on('error', onError);
    archive.on('close', onClose);
    archive.append(source, entry);
  });
}

/**
 * Appends a stored file's stream. The archiver does not watch its sources for errors (a failed read
 * would leave the entry, and the download, waiting for ever), so a read error rejects here.
 */
function appendStoredFile(archive: ZipArchive, body: Readable, entry: ZipEntryData): Promise<void> {
  return new Promise((resolve, reject) => {
    const onSourceError = (error: Error) => reject(error);
    body.once('error', onSourceError);
    appendEntry(archive, body, entry).then(
      () => {
        body.off('error', onSourceError);
        resolve();
      },
      (error: unknown) => {
        body.off('error', onSourceError);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The user's data as a ZIP stream: the JSON records first, then every stored file of theirs, read
 * from storage one at a time as the client downloads (nothing is buffered beyond the stream's own
 * window). Images are stored as they are (WebP is already compressed). A failure ends the stream
 * early (the client sees an incomplete download) and is logged.
 */
export async function streamAccountExport(
  services: Services,
  data: UserData,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<ZipArchive> {
  // Imported on the first export only (ADR 040): few requests need a zip writer.
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const exportedAt = new Date();
  const files = userFiles(data);
  const paths = new Map(files.map((f) => [f.key, f.path]));
  const pathOf: PathOf = (key) => (key ? (paths.get(key) ?? null) : null);
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

  void (async () => {
    let open: Readable | null = null;
    try {
      await appendEntry(archive, README, { name: 'README.txt', date: exportedAt });
      await appendEntry(archive, json(profileJson(data, pathOf, exportedAt)), { name: 'profile.json', date: exportedAt });
      await appendEntry(archive, json(designsJson(data, pathOf)), { name: 'designs.json', date: exportedAt });
      await appendEntry(archive, json(bugReportsJson(data, pathOf)), { name: 'bug-reports.json', date: exportedAt });
      const missing: string[] = [];
      for (const file of files) {
        const object = await services.storage.get(file.key);
        if (!object) {
          missing.push(file.path);
          continue;
        }
        open = object.body;
        await appendStoredFile(archive, object.body, { name: file.path, store: true, date: exportedAt });
        open = null;
      }
      if (missing.length) {
        log.warn({ userId: data.user.id, missing: missing.length }, 'files named by the records were not in storage');
        const note = `These files are named in the records but were no longer in storage:\n\n${missing.join('\n')}\n`;
        await appendEntry(archive, note, { name: 'missing-files.txt', date: exportedAt });
      }
      await archive.finalize();
    } catch (error) {
      // A read that already failed has reported its error; destroying it again must not raise another.
      open?.on('error', () => undefined).destroy();
      if (!archive.destroyed) {
        log.error({ err: error, userId: data.user.id }, 'the data export failed while streaming');
        archive.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    }
  })();
  return archive;
}
