import { bugReportCreated } from '../api/support';
import { errorBody, healthBody } from '../api/common';
import { storeCountryAnswer, storeSearchAnswer, storeSearchQuery } from '../api/creation';
import { siteConfig } from '../api/site';
import { FILES_PATH_PREFIX } from '../files';
import { defineRoute } from './route-entry';

/** The rest: health, site configuration, bug reports, store search, stored files. */
export const siteRoutes = {
  health: defineRoute({ method: 'GET', path: '/api/health', summary: 'Liveness and database check', responses: { 200: healthBody } }),
  siteConfig: defineRoute({
    method: 'GET',
    path: '/api/site-config',
    summary: 'Operator-configured embeds and landing samples',
    responses: { 200: siteConfig },
  }),
  bugReport: defineRoute({
    method: 'POST',
    path: '/api/bug-report',
    summary: 'Submit a bug report (multipart: description, email, pageUrl, userAgent, trails files)',
    multipart: true,
    responses: { 201: bugReportCreated, 400: errorBody, 413: errorBody, 415: errorBody, 429: errorBody },
  }),
  storeSearch: defineRoute({
    method: 'GET',
    path: '/api/stores/search',
    summary: 'Stores for a country, price range and category (and furniture type), Our Picks first',
    query: storeSearchQuery,
    responses: { 200: storeSearchAnswer, 400: errorBody, 429: errorBody },
  }),
  storeCountry: defineRoute({
    method: 'GET',
    path: '/api/stores/country',
    summary: "The shop dialog's starting country: the signed-in user's profile location, else the caller's address (packaged database)",
    responses: { 200: storeCountryAnswer, 429: errorBody },
  }),
  /** Every stored file by its storage key (see files.ts for the URL rule). */
  files: defineRoute({ method: 'GET', path: `${FILES_PATH_PREFIX}*`, raw: true, responses: { 404: errorBody } }),
} as const;
