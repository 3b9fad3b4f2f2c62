import type { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services';
import { streamZip } from '../../storage/stream-zip';
import { bugReportFolder, designFolders, userFiles, type UserData } from './user-data';

const README = `Room Visualizer: your data
==========================

This archive holds everything Room Visualizer stores about you, as it was when you downloaded it.

profile.json      your profile, subscription summary, credit usage, StyleLens, sign-in methods and sessions
designs.json      every room design with its brief, analysis, names, notes, refinements, feedback and sharing
homes.json        your homes (names, sharing, which designs are their rooms, each room's consistency figure)
                  and the looks you took from results (measured palette, materials, pieces, mood)
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

/**
 * Their homes (issue 49): each home's name, whether it is shared, and its rooms (the designs in it, by id and
 * folder, with the consistency figure of each made with a look); and the looks they took, each with the
 * result it came from, its measured palette, materials, forms, pieces and mood, and the designs made with it.
 */
function homesJson(data: UserData, pathOf: PathOf) {
  const folders = designFolders(data.designs, data.images);
  const first = data.homes[0];
  return {
    homes: data.homes.map((home) => ({
      id: home.id,
      name: home.name,
      shared: home.isPublic,
      createdAt: home.createdAt.toISOString(),
      rooms: data.designs
        .filter((design) => design.homeId === home.id || (design.homeId === null && home.id === first?.id))
        .map((design) => ({
          designId: design.id,
          folder: folders.get(design.id) ?? null,
          roomType: design.brief.roomType ?? null,
          madeWithLook: design.brief.look ? { roomWords: design.brief.look.roomWords } : null,
          consistency: design.consistency ?? null,
        })),
    })),
    looks: data.looks.map((row) => {
      const source = data.images.find((image) => image.id === row.imageId);
      return {
        id: row.id,
        takenFromDesign: row.designId,
        takenFromResult: source ? pathOf(source.key) : null,
        createdAt: row.createdAt.toISOString(),
        roomWords: row.look.roomWords,
        palette: row.look.palette,
        materials: row.look.materials,
        forms: row.look.forms,
        pieces: row.look.pieces.map((piece) => ({ name: piece.name, photo: pathOf(piece.photoKey) })),
        mood: row.look.mood,
        designsMadeWithIt: data.designs
          .filter((design) => design.brief.look && source && design.brief.look.sourceImageKey === source.key)
          .map((design) => design.id),
      };
    }),
  };
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

/**
 * The user's data as a ZIP stream: the JSON records first, then every stored file of theirs, read
 * from storage one at a time as the client downloads (storage/stream-zip.ts). A failure ends the stream
 * early (the client sees an incomplete download) and is logged.
 */
export async function streamAccountExport(
  services: Services,
  data: UserData,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<ZipArchive> {
  const exportedAt = new Date();
  const files = userFiles(data);
  const paths = new Map(files.map((f) => [f.key, f.path]));
  const pathOf: PathOf = (key) => (key ? (paths.get(key) ?? null) : null);
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return streamZip(
    services.storage,
    [
      { name: 'README.txt', text: README },
      { name: 'profile.json', text: json(profileJson(data, pathOf, exportedAt)) },
      { name: 'designs.json', text: json(designsJson(data, pathOf)) },
      { name: 'homes.json', text: json(homesJson(data, pathOf)) },
      { name: 'bug-reports.json', text: json(bugReportsJson(data, pathOf)) },
      ...files.map((file) => ({ name: file.path, key: file.key })),
    ],
    {
      date: exportedAt,
      missing: (names) => log.warn({ userId: data.user.id, missing: names.length }, 'files named by the records were not in storage'),
      failed: (error) => log.error({ err: error, userId: data.user.id }, 'the data export failed while streaming'),
    },
  );
}
