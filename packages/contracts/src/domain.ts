/**
 * The product's small vocabularies, each written once: the server (routes, operations, engines, the
 * database's text columns), the web app and the API schemas (`z.enum(designTools)`) name their values
 * from here. Plain constants, no zod, so the web's first load and the Vite config can import them.
 */

/** The two tools (docs/product-rules.md#the-two-tools): Furnishing & Decorating, Kitchen & Bathroom. */
export const designTools = ['furnishing', 'kitchen-bathroom'] as const;
export type DesignTool = (typeof designTools)[number];

/** How far a refinement may go: a small tweak of the image, or a transformation. */
export const refineScopes = ['tweak', 'transform'] as const;
export type RefineScope = (typeof refineScopes)[number];

/** Where a design or one of its tasks (refine, Fix Room) stands. */
export const workStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type WorkStatus = (typeof workStatuses)[number];
/** The statuses of work that has not failed (it has no error to tell). */
export const unfailedStatuses = ['queued', 'running', 'done'] as const satisfies readonly WorkStatus[];

/** The work that can be done on a finished design. */
export const designTaskKinds = ['refine', 'fix'] as const;
export type DesignTaskKind = (typeof designTaskKinds)[number];

/** The images a design's work produces (the original photo is the design's own). */
export const resultImageKinds = ['generated', 'refined', 'fixed'] as const;
export type ResultImageKind = (typeof resultImageKinds)[number];
/** The results scored against the room photo as a whole: a new design's images and Fix Room's (not a refinement). */
export const scoredImageKinds = ['generated', 'fixed'] as const satisfies readonly ResultImageKind[];
/** Every image of a design: its original photo and what its work produced. */
export const designImageKinds = ['original', ...resultImageKinds] as const;
export type DesignImageKind = (typeof designImageKinds)[number];

/** The engine implementations (ADR 014) and the two kinds of engine. */
export const engineNames = ['local', 'gemini', 'openai'] as const;
export type EngineName = (typeof engineNames)[number];
export const engineKinds = ['image', 'vision'] as const;
export type EngineKind = (typeof engineKinds)[number];

/**
 * My Designs' lists: the saved designs, or every finished design (auto-saved ones too); and 'recent', every
 * design the caller started whatever its state (being made, done or failed), for telling a person who left
 * while one was being made where it is (ADR 054).
 */
export const designListScopes = ['saved', 'all', 'recent'] as const;
export type DesignListScope = (typeof designListScopes)[number];
