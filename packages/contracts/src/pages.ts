import type { DesignTool } from './domain';

export type { DesignTool };

/** The results page of each tool (spec: /{tool}/design/{id}), as a route pattern for both the server's preloads and the web router. */
export const RESULTS_PAGE_PATTERNS = {
  furnishing: '/furnishing-decorating/design/:id',
  'kitchen-bathroom': '/kitchen-bathroom/design/:id',
} as const satisfies Record<DesignTool, string>;

/** The results page path of one design: built here once, for the server's records and the web app's links. */
export const resultsPagePath = (tool: DesignTool, designId: string): string =>
  RESULTS_PAGE_PATTERNS[tool].replace(':id', encodeURIComponent(designId));

/** A home's page (issue 49): its rooms side by side; a shared home's is the one page its visitors open. */
export const HOME_PAGE_PATTERN = '/homes/:id';
export const homePagePath = (homeId: string): string => HOME_PAGE_PATTERN.replace(':id', encodeURIComponent(homeId));
