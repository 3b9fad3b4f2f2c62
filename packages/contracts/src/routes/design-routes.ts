import { routeTable } from '../route-table';
import { errorBody, designIdParam, messageBody } from '../api/common';
import {
  claimResultsAnswer,
  claimResultsBody,
  designFeedbackBody,
  fixRoomAnswer,
  fixRoomBody,
  kitchenBathroomAnswer,
  kitchenBathroomForm,
  refineCompleteEvent,
  refineErrorEvent,
  refineQuery,
  refineStartEvent,
  refineStatusEvent,
  roomDesignAnswer,
  roomDesignForm,
  roomShareBody,
  tweakUploadAnswer,
  tweakUploadForm,
} from '../api/creation';
import {
  deleteDesignAnswer,
  deleteDesignImageAnswer,
  deleteDesignQuery,
  designImageParams,
  downloadImageQuery,
  myDesignsAnswer,
  myDesignsQuery,
  publicToggleBody,
  publicToggleQuery,
  roomDesignView,
  updateDesignAnswer,
  updateDesignBody,
  updateDesignImageBody,
} from '../api/designs';
import {
  designImageAnswer,
  designImageFileParams,
  designImageDownloadQuery,
  designListAnswer,
  designListQuery,
  designPublicAnswer,
  designPublicBody,
  designViewAnswer,
  refineForm,
  refinementAnswer,
  refinementCompleteEvent,
  refinementErrorEvent,
  refinementParams,
  refinementStartEvent,
  refinementStatusEvent,
  designStartedAnswer,
  designStartEvent,
  designCompleteEvent,
  reconnectEvent,
  fixStartedAnswer,
} from '../api/design-view';
import { z } from 'zod';
import { defineRoute } from './route-entry';

const creationErrors = {
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
} as const;

/** Designs: creating them, their results page, refining and fixing, saving and sharing their images, My Designs. */
export const designRoutes = {
  createRoomDesign: defineRoute({
    ...routeTable.createRoomDesign,
    summary: 'Furnishing & Decorating: a design from a room photo, item photos and inspiration',
    multipart: roomDesignForm,
    responses: { 200: roomDesignAnswer, ...creationErrors, 502: roomDesignAnswer },
  }),
  createKitchenBathroomDesign: defineRoute({
    ...routeTable.createKitchenBathroomDesign,
    summary: 'Kitchen & Bathroom: a design from a photo of the space, finish and fixture photos and inspiration',
    multipart: kitchenBathroomForm,
    responses: { 200: kitchenBathroomAnswer, ...creationErrors, 502: kitchenBathroomAnswer },
  }),
  claimResults: defineRoute({
    ...routeTable.claimResults,
    summary: 'Spends a credit to keep the results of a design made before signing in',
    body: claimResultsBody,
    responses: { 200: claimResultsAnswer, 401: errorBody, 402: errorBody, 404: errorBody },
  }),
  roomDesign: defineRoute({
    ...routeTable.roomDesign,
    summary: 'A design for its owner; a public one for anyone (read-only, noSession when not signed in); else 404',
    params: designIdParam,
    responses: { 200: roomDesignView, 404: errorBody },
  }),
  fixRoom: defineRoute({
    ...routeTable.fixRoom,
    summary: 'Fix Room: re-renders a design’s result keeping the room’s architecture',
    body: fixRoomBody,
    responses: { 200: fixRoomAnswer, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody, 502: errorBody },
  }),
  refineUpload: defineRoute({
    ...routeTable.refineUpload,
    summary: 'Uploads the tweak photo of a refinement',
    multipart: tweakUploadForm,
    responses: { 200: tweakUploadAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody, 415: errorBody },
  }),
  /** The refinement stream (server-sent events; every event's SSE id is the task id, so a reconnect follows the same task). */
  refine: defineRoute({
    ...routeTable.refine,
    summary: 'The refinement stream of a design (server-sent events)',
    params: z.object({ designId: z.string().min(1).max(64) }),
    query: refineQuery,
    raw: true,
    responses: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
    events: { start: refineStartEvent, status: refineStatusEvent, complete: refineCompleteEvent, error: refineErrorEvent },
  }),
  myDesigns: defineRoute({
    ...routeTable.myDesigns,
    summary: 'The caller’s designs, newest first: scope=saved (My Designs, the default) or scope=all (Auto-saved Designs)',
    query: myDesignsQuery,
    responses: { 200: myDesignsAnswer, 401: errorBody },
  }),
  deleteDesign: defineRoute({
    ...routeTable.deleteDesign,
    summary:
      'Deletes the image at status_index, or the whole design when it has one image or fewer (or status_index=-1); c and v are accepted and ignored',
    params: designIdParam,
    query: deleteDesignQuery,
    responses: { 200: deleteDesignAnswer, 401: errorBody, 404: errorBody, 409: errorBody },
  }),
  /** The spec's whole-map save, and (with ?fd_public or ?kb_public) the public toggle. */
  updateDesign: defineRoute({
    ...routeTable.updateDesign,
    summary: 'Saves a design’s whole image map, or its public toggle',
    params: designIdParam,
    query: publicToggleQuery,
    body: z.union([updateDesignBody, publicToggleBody]),
    responses: { 200: updateDesignAnswer, 400: errorBody, 401: errorBody, 404: errorBody },
  }),
  /** Changes only the fields sent, of that one image (saved, name, room type, notes). */
  updateDesignImage: defineRoute({
    ...routeTable.updateDesignImage,
    summary: 'Changes the fields sent of one image of a design',
    params: designImageParams,
    body: updateDesignImageBody,
    responses: { 200: designImageAnswer, 400: errorBody, 401: errorBody, 404: errorBody },
  }),
  /** Deletes that one image (the whole design when it was its last result). */
  deleteDesignImage: defineRoute({
    ...routeTable.deleteDesignImage,
    summary: 'Deletes one image of a design (the design with its last result)',
    params: designImageParams,
    responses: { 200: deleteDesignImageAnswer, 401: errorBody, 404: errorBody, 409: errorBody },
  }),
  roomShare: defineRoute({
    ...routeTable.roomShare,
    summary: 'Shares a design with the gallery',
    body: roomShareBody,
    responses: { 200: messageBody, 401: errorBody, 404: errorBody },
  }),
  designFeedback: defineRoute({
    ...routeTable.designFeedback,
    summary: 'Whether a design helped, with optional words',
    body: designFeedbackBody,
    responses: { 200: messageBody, 401: errorBody, 404: errorBody },
  }),
  /** One of our stored images as an attachment (the browser navigates to it). */
  downloadImage: defineRoute({
    ...routeTable.downloadImage,
    summary: 'One stored image as an attachment',
    query: downloadImageQuery,
    raw: true,
    responses: { 400: errorBody, 404: errorBody },
  }),

  // Our web app's calls (ADR 025): the design view, each image addressed by its id.
  /** The design view: each image once, with its id (the web app's results page). */
  designView: defineRoute({
    ...routeTable.designView,
    summary: 'A design for its owner; a public one for anyone (read-only); else 404',
    params: designIdParam,
    responses: { 200: designViewAnswer, 404: errorBody },
  }),
  /** The caller's designs as views, newest first: scope=saved (My Designs) or scope=all (Auto-saved Designs). */
  designList: defineRoute({
    ...routeTable.designList,
    summary: 'The caller’s designs as views, newest first (scope=saved or scope=all)',
    query: designListQuery,
    responses: { 200: designListAnswer, 401: errorBody },
  }),
  /** Share View / Private View: whether anyone with the link may view the results page. */
  setDesignPublic: defineRoute({
    ...routeTable.setDesignPublic,
    summary: 'Share View or Private View of a design’s results page',
    params: designIdParam,
    body: designPublicBody,
    responses: { 200: designPublicAnswer, 401: errorBody, 404: errorBody },
  }),
  /**
   * One image of a design the caller may see ('original' for the room photo, as it was given), as an attachment
   * named after the image: a result in JPG, PNG or WebP (the stored WebP when no format is asked) at its full size.
   */
  downloadDesignImage: defineRoute({
    ...routeTable.downloadDesignImage,
    summary: 'One image of a design the caller may see, as an attachment, in JPG, PNG or WebP',
    params: designImageFileParams,
    query: designImageDownloadQuery,
    raw: true,
    responses: { 404: errorBody },
  }),
  /** A refinement in one request: prompt, scope, base image id, tweak photos and the optional mask (multipart: refineForm). */
  refineDesign: defineRoute({
    ...routeTable.refineDesign,
    summary: 'Starts a refinement: prompt, scope, base image, tweak photos and optional mask',
    params: designIdParam,
    multipart: refineForm,
    responses: {
      201: refinementAnswer,
      400: errorBody,
      401: errorBody,
      403: errorBody,
      404: errorBody,
      413: errorBody,
      415: errorBody,
      429: errorBody,
    },
  }),
  /** The events of one refinement (server-sent events, each with the task id as its SSE id); a reconnect follows the same task. */
  refinementEvents: defineRoute({
    ...routeTable.refinementEvents,
    summary: 'The events of one refinement (server-sent events)',
    params: refinementParams,
    raw: true,
    responses: { 401: errorBody, 404: errorBody },
    events: {
      start: refinementStartEvent,
      status: refinementStatusEvent,
      complete: refinementCompleteEvent,
      error: refinementErrorEvent,
      reconnect: reconnectEvent,
    },
  }),
  // One way to wait (ADR 066): our web app's design and Fix Room answer at once; their events follow the job.
  /** Furnishing & Decorating, answered at once with the design; its events are at designEvents. */
  startRoomDesign: defineRoute({
    ...routeTable.startRoomDesign,
    summary: 'Starts a Furnishing & Decorating design; answers its id at once (follow GET /api/designs/{id}/events)',
    multipart: roomDesignForm,
    responses: { 201: designStartedAnswer, ...creationErrors },
  }),
  /** Kitchen & Bathroom, answered at once with the design; its events are at designEvents. */
  startKitchenBathroomDesign: defineRoute({
    ...routeTable.startKitchenBathroomDesign,
    summary: 'Starts a Kitchen & Bathroom design; answers its id at once (follow GET /api/designs/{id}/events)',
    multipart: kitchenBathroomForm,
    responses: { 201: designStartedAnswer, ...creationErrors },
  }),
  /** The events of a design being made (server-sent events, each with the design id as its SSE id): start, status, complete or error. */
  designEvents: defineRoute({
    ...routeTable.designEvents,
    summary: 'The events of a design being made (server-sent events)',
    params: designIdParam,
    raw: true,
    responses: { 401: errorBody, 404: errorBody },
    events: {
      start: designStartEvent,
      status: refinementStatusEvent,
      complete: designCompleteEvent,
      error: refinementErrorEvent,
      reconnect: reconnectEvent,
    },
  }),
  /** Fix Room, answered at once with its task, followed at refinementEvents like a refinement. */
  startFixRoom: defineRoute({
    ...routeTable.startFixRoom,
    summary: 'Starts Fix Room on a design; answers its task at once (follow its events like a refinement’s)',
    params: designIdParam,
    responses: { 201: fixStartedAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
  }),
} as const;
