import { z } from 'zod';
import { routeTable } from '../route-table';
import {
  adminListAnswer,
  adminListQuery,
  adminUserRow,
  auditLogRow,
  bugReportRow,
  designFeedbackRow,
  orphanPaymentRow,
  resetCreditsAnswer,
  resetCreditsBody,
  roomShareRow,
} from '../api/admin';
import { engineCheckAnswer, engineStatusAnswer } from '../api/admin-engines';
import { errorBody } from '../api/common';
import { defineRoute } from './route-entry';

const denied = { 401: errorBody, 403: errorBody } as const;

/** The admin dashboard's calls: every one is behind the admin guard (401 without a session, 403 for anyone else). */
export const adminRoutes = {
  adminEngines: defineRoute({
    ...routeTable.adminEngines,
    summary: 'The engines in use, their models, the last failure, failures in 24 h, and cost per design and per subscriber this month',
    responses: { 200: engineStatusAnswer, ...denied },
  }),
  /** Paid: one small image edit and one structured text answer per configured hosted engine (ADR 036). */
  adminEngineCheck: defineRoute({
    ...routeTable.adminEngineCheck,
    summary: "Runs the smallest real call to each configured engine after its provider's list of models, and answers what each said",
    body: z.unknown().optional(),
    responses: { 200: engineCheckAnswer, ...denied },
  }),
  adminUsers: defineRoute({
    ...routeTable.adminUsers,
    summary: 'Users: the plain list, or one page with page/limit; q searches e-mails',
    query: adminListQuery,
    responses: { 200: adminListAnswer(adminUserRow), ...denied },
  }),
  adminRoomShares: defineRoute({
    ...routeTable.adminRoomShares,
    summary: 'Designs shared with the gallery',
    query: adminListQuery,
    responses: { 200: adminListAnswer(roomShareRow), ...denied },
  }),
  adminDesignFeedback: defineRoute({
    ...routeTable.adminDesignFeedback,
    summary: "'How did we do?' feedback",
    query: adminListQuery,
    responses: { 200: adminListAnswer(designFeedbackRow), ...denied },
  }),
  adminBugReports: defineRoute({
    ...routeTable.adminBugReports,
    summary: 'Bug reports',
    query: adminListQuery,
    responses: { 200: adminListAnswer(bugReportRow), ...denied },
  }),
  adminAuditLog: defineRoute({
    ...routeTable.adminAuditLog,
    summary: "The audit log: every admin's credit reset, role change and read of a private design, newest first; q searches either e-mail",
    query: adminListQuery,
    responses: { 200: adminListAnswer(auditLogRow), ...denied },
  }),
  adminOrphanPayments: defineRoute({
    ...routeTable.adminOrphanPayments,
    summary: 'Payments that made no account, cancelled and refunded at the provider (ADR 055)',
    query: adminListQuery,
    responses: { 200: adminListAnswer(orphanPaymentRow), ...denied },
  }),
  resetUserCredits: defineRoute({
    ...routeTable.resetUserCredits,
    body: resetCreditsBody,
    summary: "Sets a user's used transformations to 0 (written to the audit log); never the admin's own",
    responses: { 200: resetCreditsAnswer, 400: errorBody, ...denied, 404: errorBody },
  }),
  /** The images of designs shared with the gallery (other users' files): for admins only. */
  adminFiles: defineRoute({
    ...routeTable.adminFiles,
    summary: 'A stored image of a design shared with the gallery (admins only)',
    raw: true,
    responses: { ...denied, 404: errorBody },
  }),
} as const;
