/**
 * Every page of the app: its URL pattern, the module under `routes/` that draws it, whether it sits in
 * the app layout (header and footer), and the API call its main content waits for. The router is built
 * from this list, and the build writes, for each pattern, the scripts the page needs and that call
 * (dist/page-preloads.json), which the server names in the page's HTML as preloads, so a first visit
 * fetches them at once instead of one after another. The order is the router's: the catch-all comes last.
 */
export interface PageRoute {
  path: string;
  page: string;
  inLayout: boolean;
  /**
   * A GET the page makes as it opens, with the page's parameters (':id') in it. The server asks it as the
   * visitor would (their cookies) and, when it answers a design (a results page) or grants tool access (a
   * tool page, with its form), renders the page from that answer for the browser to hydrate (ADR 018, 020,
   * 022); otherwise the browser draws the page.
   */
  data?: string;
  /**
   * A page the same for every visitor, or its frame (the account's loading screen): the server renders it
   * to HTML once at start (with the operator's configuration) and the browser hydrates it (ADR 018, 020).
   */
  prerender?: true;
  /**
   * A prerendered page every control of which a visitor (no session) can use without React: links, radios,
   * native dialogs and forms, the press rules (docs/press.md). For such a visitor the server marks the page
   * `PRESS.scriptsOnPress` and its scripts start only on a press that needs them (ADR 068).
   */
  scriptsOnPress?: true;
}

const page = (
  path: string,
  name: string,
  options: { inLayout?: boolean; data?: string; prerender?: true; scriptsOnPress?: true } = {},
): PageRoute => ({
  path,
  page: name,
  inLayout: options.inLayout ?? true,
  ...(options.data ? { data: options.data } : {}),
  ...(options.prerender ? { prerender: true } : {}),
  ...(options.scriptsOnPress ? { scriptsOnPress: true } : {}),
});

export const pageRoutes: readonly PageRoute[] = [
  page('/', 'landing', { inLayout: false, prerender: true, scriptsOnPress: true }),
  page('/how-it-works', 'how-it-works', { prerender: true }),
  page('/privacy', 'privacy', { prerender: true }),
  page('/login', 'login', { prerender: true }),
  page('/process-login', 'process-login'),
  page('/space-selection', 'space-selection'),
  page('/furnishing-decorating', 'furnishing-decorating', { data: '/api/check-tool-access' }),
  page('/kitchen-bathroom', 'kitchen-bathroom', { data: '/api/check-tool-access' }),
  page('/furnishing-decorating/design/:id', 'design-results', { data: '/api/designs/:id' }),
  page('/kitchen-bathroom/design/:id', 'design-results', { data: '/api/designs/:id' }),
  page('/account', 'account', { prerender: true }),
  page('/homes/:id', 'home'),
  page('/style-lens', 'style-lens', { data: '/api/check-tool-access' }),
  page('/admin-dashboard', 'admin-dashboard'),
  page('/checkout', 'checkout', { prerender: true }),
  page('/create-account', 'create-account'),
  page('/payment-success', 'payment-success'),
  page('/local-payments/checkout/:id', 'local-checkout'),
  page('/local-payments/portal/:id', 'local-portal'),
  page('*', 'not-found', { prerender: true }),
];

/** The source file of a page module and of the layout, as the build names them. */
export const pageModuleFile = (name: string) => `src/app/routes/${name}.tsx`;
export const LAYOUT_MODULE_FILE = 'src/app/app-layout.tsx';
/** What starts React (src/main.tsx imports it), which every page needs. */
export const START_MODULE_FILE = 'src/app/start.tsx';
