import { z } from 'zod';
import { routeTable } from '../route-table';
import { bugReportCreated, bugReportForm } from '../api/support';
import { errorBody, healthBody, readyBody } from '../api/common';
import { storeCountryAnswer, storeSearchAnswer, storeSearchQuery } from '../api/creation';
import { siteConfig } from '../api/site';
import { defineRoute } from './route-entry';

/** The rest: health, site configuration, bug reports, store search, stored files. */
export const siteRoutes = {
  health: defineRoute({ ...routeTable.health, summary: 'Liveness and database check', responses: { 200: healthBody } }),
  ready: defineRoute({
    ...routeTable.ready,
    summary: 'Readiness: 200 when the database and the job queue answer, 503 (naming which did not) otherwise',
    responses: { 200: readyBody, 503: readyBody },
  }),
  siteConfig: defineRoute({
    ...routeTable.siteConfig,
    summary: 'Operator-configured embeds and landing samples',
    responses: { 200: siteConfig },
  }),
  bugReport: defineRoute({
    ...routeTable.bugReport,
    summary: 'Submit a bug report (description, email, page, browser, up to five screenshots)',
    multipart: bugReportForm,
    responses: { 201: bugReportCreated, 400: errorBody, 413: errorBody, 415: errorBody, 429: errorBody },
  }),
  storeSearch: defineRoute({
    ...routeTable.storeSearch,
    summary: 'Stores for a country, price range and category (and furniture type), Our Picks first',
    query: storeSearchQuery,
    responses: { 200: storeSearchAnswer, 400: errorBody, 429: errorBody },
  }),
  storeCountry: defineRoute({
    ...routeTable.storeCountry,
    summary: "The shop dialog's starting country: the signed-in user's profile location, else the caller's address (packaged database)",
    responses: { 200: storeCountryAnswer, 429: errorBody },
  }),
  /** Every stored file by its storage key (see files.ts for the URL rule). */
  files: defineRoute({
    ...routeTable.files,
    summary: 'A stored file by its storage key',
    params: z.object({ '*': z.string().min(1) }),
    raw: true,
    responses: { 404: errorBody },
  }),
} as const;
