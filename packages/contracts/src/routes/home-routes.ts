import { routeTable } from '../route-table';
import { errorBody, designIdParam } from '../api/common';
import {
  bringCloserAnswer,
  homeAnswer,
  homeChangeBody,
  homeListAnswer,
  homeParams,
  lookAnswer,
  lookParams,
  newHomeBody,
  takeLookParams,
} from '../api/homes';
import { defineRoute } from './route-entry';

/** Whole home, one look (issue 49): looks taken from results, homes and their share page and ZIP. */
export const homeRoutes = {
  takeLook: defineRoute({
    ...routeTable.takeLook,
    summary: 'Takes the look of one result of the caller’s design: measured palette, materials, forms, named pieces, mood',
    params: takeLookParams,
    responses: { 201: lookAnswer, 401: errorBody, 404: errorBody },
  }),
  lookView: defineRoute({
    ...routeTable.lookView,
    summary: 'One of the caller’s looks, as the tool form shows it',
    params: lookParams,
    responses: { 200: lookAnswer, 401: errorBody, 404: errorBody },
  }),
  bringCloser: defineRoute({
    ...routeTable.bringCloser,
    summary: 'Bring it closer: re-renders a design made with a look towards that look, and measures it again',
    params: designIdParam,
    responses: { 200: bringCloserAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody, 502: errorBody },
  }),
  homeList: defineRoute({
    ...routeTable.homeList,
    summary: 'The caller’s homes, each with its rooms side by side',
    responses: { 200: homeListAnswer, 401: errorBody },
  }),
  createHome: defineRoute({
    ...routeTable.createHome,
    summary: 'Adds a home',
    body: newHomeBody,
    responses: { 201: homeAnswer, 400: errorBody, 401: errorBody },
  }),
  homeView: defineRoute({
    ...routeTable.homeView,
    summary: 'A home for its owner; a shared one for anyone (read-only, without its name); else 404',
    params: homeParams,
    responses: { 200: homeAnswer, 404: errorBody },
  }),
  changeHome: defineRoute({
    ...routeTable.changeHome,
    summary: 'Renames a home, or shares it as one page (or makes it private again)',
    params: homeParams,
    body: homeChangeBody,
    responses: { 200: homeAnswer, 400: errorBody, 401: errorBody, 404: errorBody },
  }),
  downloadHome: defineRoute({
    ...routeTable.downloadHome,
    summary: 'A home as one ZIP: each room’s results and room photos, in a folder per room',
    params: homeParams,
    raw: true,
    responses: { 404: errorBody },
  }),
};
