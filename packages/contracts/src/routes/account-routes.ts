import { routeTable } from '../route-table';
import {
  accountPasswordAnswer,
  accountPasswordBody,
  confirmEmailAnswer,
  confirmEmailBody,
  confirmEmailPreviewAnswer,
  meBody,
  profileDetailsAnswer,
  profileUpdateAnswer,
  profileUpdateForm,
  updateFirebaseUuidBody,
  userProfile,
} from '../api/account';
import { errorBody, messageBody } from '../api/common';
import { toolAccessAnswer } from '../api/creation';
import { deleteAccountAnswer, deleteAccountBody } from '../api/privacy';
import { reconnectEvent, refinementErrorEvent, refinementStatusEvent } from '../api/design-view';
import {
  styleLensAnalyzeAnswer,
  styleLensAnalyzeForm,
  styleLensAnalyzeQuery,
  styleLensCompleteEvent,
  styleLensStartedAnswer,
  styleLensStartEvent,
  styleLensTaskParams,
} from '../api/style-lens';
import { defineRoute } from './route-entry';

/** The signed-in person: profile, tool access, StyleLens, privacy. */
export const accountRoutes = {
  me: defineRoute({ ...routeTable.me, summary: 'Whether the signed-in user is an admin', responses: { 200: meBody, 401: errorBody } }),
  userProfile: defineRoute({
    ...routeTable.userProfile,
    summary: 'The signed-in user’s profile',
    responses: { 200: userProfile, 401: errorBody },
  }),
  checkToolAccess: defineRoute({
    ...routeTable.checkToolAccess,
    summary: 'Whether the caller may use the design tools (an active or trialing subscription)',
    responses: { 200: toolAccessAnswer },
  }),
  updateFirebaseUuid: defineRoute({
    ...routeTable.updateFirebaseUuid,
    summary: 'Records the legacy Firebase id of the signed-in user’s profile',
    body: updateFirebaseUuidBody,
    responses: { 200: messageBody, 401: errorBody, 403: errorBody, 409: errorBody },
  }),
  updateProfile: defineRoute({
    ...routeTable.updateProfile,
    summary: 'Updates the signed-in user’s name, e-mail, location and avatar',
    multipart: profileUpdateForm,
    responses: { 200: profileUpdateAnswer, 400: errorBody, 401: errorBody, 409: errorBody, 413: errorBody, 415: errorBody, 429: errorBody },
  }),
  profileDetails: defineRoute({
    ...routeTable.profileDetails,
    summary: 'The signed-in user’s profile with its subscription and credits',
    responses: { 200: profileDetailsAnswer, 401: errorBody },
  }),
  confirmEmail: defineRoute({
    ...routeTable.confirmEmail,
    summary:
      'Confirms a new e-mail address with the token from the link mailed to it: the first proof of that address, which ends every session and password of the account and signs this browser in',
    body: confirmEmailBody,
    responses: { 200: confirmEmailAnswer, 400: errorBody, 409: errorBody, 410: errorBody, 429: errorBody },
  }),
  confirmEmailPreview: defineRoute({
    ...routeTable.confirmEmailPreview,
    summary: 'Says which account the link would move to the new address, changing nothing (the link is used by confirm-email)',
    body: confirmEmailBody,
    responses: { 200: confirmEmailPreviewAnswer, 400: errorBody, 410: errorBody, 429: errorBody },
  }),
  styleLensAnalyze: defineRoute({
    ...routeTable.styleLensAnalyze,
    summary:
      'Builds the StyleLens from 5 to 10 photos (`styles`, in order). `editing=true` re-runs an existing one; either way the new lens replaces the previous one and its photos, unsaved until POST /api/stylelens/save.',
    query: styleLensAnalyzeQuery,
    multipart: styleLensAnalyzeForm,
    responses: {
      200: styleLensAnalyzeAnswer,
      400: errorBody,
      401: errorBody,
      403: errorBody,
      413: errorBody,
      415: errorBody,
      429: errorBody,
      502: errorBody,
    },
  }),
  /** Our web app's StyleLens (ADR 066): the spec's analyze form, answered at once with its task; follow styleLensEvents. */
  startStyleLens: defineRoute({
    ...routeTable.startStyleLens,
    summary:
      'Starts a StyleLens analysis of 5 to 10 photos (`styles`, in order); answers its task at once (follow GET /api/stylelens/analyses/{taskId}/events). Done, the new lens replaces the previous one, unsaved until POST /api/stylelens/save.',
    query: styleLensAnalyzeQuery,
    multipart: styleLensAnalyzeForm,
    responses: { 201: styleLensStartedAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody, 415: errorBody, 429: errorBody },
  }),
  /** The events of one StyleLens analysis of the caller's (server-sent events, each with the task id as its SSE id). */
  styleLensEvents: defineRoute({
    ...routeTable.styleLensEvents,
    summary: 'The events of one StyleLens analysis (server-sent events)',
    params: styleLensTaskParams,
    raw: true,
    responses: { 401: errorBody, 404: errorBody },
    events: {
      start: styleLensStartEvent,
      status: refinementStatusEvent,
      complete: styleLensCompleteEvent,
      error: refinementErrorEvent,
      reconnect: reconnectEvent,
    },
  }),
  styleLensSave: defineRoute({
    ...routeTable.styleLensSave,
    summary: 'Saves the active StyleLens (styleSaveStatus true): from then on it is added to the prompt of every design.',
    responses: { 200: messageBody, 401: errorBody, 404: errorBody },
  }),
  accountExport: defineRoute({
    ...routeTable.accountExport,
    summary: 'The signed-in user’s data as one ZIP archive: profile.json, designs.json, bug-reports.json and every stored image',
    raw: true,
    responses: { 401: errorBody, 429: errorBody },
  }),
  accountDelete: defineRoute({
    ...routeTable.accountDelete,
    summary: 'Deletes the signed-in user’s account: cancels the subscription, removes every file and row of theirs, ends every session',
    body: deleteAccountBody,
    responses: {
      200: deleteAccountAnswer,
      400: errorBody,
      401: errorBody,
      403: errorBody,
      409: errorBody,
      429: errorBody,
      502: errorBody,
      503: errorBody,
    },
  }),
  accountPassword: defineRoute({
    ...routeTable.accountPassword,
    summary:
      'Sets a password (an account without one, once its e-mail address is proven) or changes it (the current one required, its checks counted with the sign-in ones). Every other session of the account ends; this one stays.',
    body: accountPasswordBody,
    responses: { 200: accountPasswordAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody },
  }),
} as const;
