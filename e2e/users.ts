/** The accounts the browser tests sign in with (seeded by e2e-server.ts). */
export const E2E_USERS = {
  subscriber: { email: 'e2e.subscriber@example.com', name: 'Sam Subscriber', subscriptionStatus: 'active', password: 'e2e-password-123' },
  lapsed: { email: 'e2e.lapsed@example.com', name: 'Lee Lapsed', subscriptionStatus: 'canceled' },
  admin: { email: 'e2e.admin@example.com', name: 'Ada Admin', subscriptionStatus: 'active', role: 'admin', password: 'e2e-password-123' },
  furnisher: { email: 'e2e.furnisher@example.com', name: 'Fern Furnisher', subscriptionStatus: 'active', password: 'e2e-password-123' },
  kitchener: { email: 'e2e.kitchener@example.com', name: 'Kit Kitchener', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** Fills a tool form before its scripts have run (ADR 026). */
  earlyBird: { email: 'e2e.early.bird@example.com', name: 'Erin Early', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** Picks the Kitchen & Bathroom space photo and presses its button before its scripts have run. */
  earlyKitchener: {
    email: 'e2e.early.kitchener@example.com',
    name: 'Kai Early',
    subscriptionStatus: 'active',
    password: 'e2e-password-123',
  },
  /** StyleLens' limit, failure and palette journeys (the subscriber's sign-ins stay well under the account's allowance). */
  lensTester: {
    email: 'e2e.lens.tester@example.com',
    name: 'Len Tester',
    subscriptionStatus: 'active',
    password: 'e2e-password-123',
  },
  /** Counts a tool page's access checks (its own account: each password sign-in counts against the account's 10 in 10 minutes). */
  accessChecker: {
    email: 'e2e.access.checker@example.com',
    name: 'Ace Checker',
    subscriptionStatus: 'active',
    password: 'e2e-password-123',
  },
  validator: { email: 'e2e.validator@example.com', name: 'Val Validator', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** One subscriber per results-page journey (each makes its own designs). */
  resultsSession: {
    email: 'e2e.results.session@example.com',
    name: 'Rae Results',
    subscriptionStatus: 'active',
    password: 'e2e-password-123',
  },
  resultsStream: {
    email: 'e2e.results.stream@example.com',
    name: 'Rae Results',
    subscriptionStatus: 'active',
    password: 'e2e-password-123',
  },
  resultsShop: { email: 'e2e.results.shop@example.com', name: 'Rae Results', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** Creates the StyleLens of the StyleLens journey (starts with none). */
  stylist: { email: 'e2e.stylist@example.com', name: 'Stella Lens', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** Saves, refines, fixes and deletes images of one design, in one tab and in two. */
  editor: { email: 'e2e.editor@example.com', name: 'Eddie Editor', subscriptionStatus: 'active', password: 'e2e-password-123' },
  twoTabs: { email: 'e2e.two.tabs@example.com', name: 'Tess Tabs', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** Shops a saved image's items from My Designs and shares the page with a visitor. */
  lookSharer: { email: 'e2e.look.sharer@example.com', name: 'Lou Looksharer', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** Checks the pages at phone widths (e2e/phones.spec.ts); makes one design of its own. */
  phone: { email: 'e2e.phone@example.com', name: 'Pia Phone', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** 'Change only here' journeys (e2e/change-only-here.spec.ts): desktop, phone with touch, keyboard only, painted before React runs the page. */
  brush: { email: 'e2e.brush@example.com', name: 'Bea Brush', subscriptionStatus: 'active', password: 'e2e-password-123' },
  brushPhone: { email: 'e2e.brush.phone@example.com', name: 'Bea Brush', subscriptionStatus: 'active', password: 'e2e-password-123' },
  brushKeys: { email: 'e2e.brush.keys@example.com', name: 'Bea Brush', subscriptionStatus: 'active', password: 'e2e-password-123' },
  brushPreview: { email: 'e2e.brush.preview@example.com', name: 'Bea Brush', subscriptionStatus: 'active', password: 'e2e-password-123' },
  brushEarly: { email: 'e2e.brush.early@example.com', name: 'Bea Brush', subscriptionStatus: 'active', password: 'e2e-password-123' },
  brushShare: { email: 'e2e.brush.share@example.com', name: 'Bea Brush', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** The phone walk (e2e/phone-walk.spec.ts): touch on the results page, 200% zoom, an ended session while saving. */
  walkTouch: { email: 'e2e.walk.touch@example.com', name: 'Wes Walker', subscriptionStatus: 'active', password: 'e2e-password-123' },
  walkReflow: { email: 'e2e.walk.reflow@example.com', name: 'Wes Walker', subscriptionStatus: 'active', password: 'e2e-password-123' },
  walkSession: { email: 'e2e.walk.session@example.com', name: 'Wes Walker', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** Work survives navigation (e2e/work-survives-navigation.spec.ts): a form's draft, Back while a design is made, Back with a dialog open. */
  drafter: { email: 'e2e.drafter@example.com', name: 'Dora Drafter', subscriptionStatus: 'active', password: 'e2e-password-123' },
  leaver: { email: 'e2e.leaver@example.com', name: 'Leo Leaver', subscriptionStatus: 'active', password: 'e2e-password-123' },
  dialogBack: { email: 'e2e.dialog.back@example.com', name: 'Dee Dialog', subscriptionStatus: 'active', password: 'e2e-password-123' },
  lensDrafter: { email: 'e2e.lens.drafter@example.com', name: 'Lena Drafter', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** The first ten minutes (e2e/first-ten-minutes.spec.ts): forms that cannot trip, the result first on a desktop and a phone. */
  firstForms: { email: 'e2e.first.forms@example.com', name: 'Fay First', subscriptionStatus: 'active', password: 'e2e-password-123' },
  firstDesk: { email: 'e2e.first.desk@example.com', name: 'Fay First', subscriptionStatus: 'active', password: 'e2e-password-123' },
  firstPhone: { email: 'e2e.first.phone@example.com', name: 'Fay First', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** The early answers of e2e/prerender.spec.ts: the owner's dialogs before any script, and StyleLens rendered by the server. */
  earlyOwner: { email: 'e2e.early.owner@example.com', name: 'Olly Owner', subscriptionStatus: 'active', password: 'e2e-password-123' },
  renderedLens: { email: 'e2e.rendered.lens@example.com', name: 'Rory Lens', subscriptionStatus: 'active', password: 'e2e-password-123' },
  shopper: { email: 'e2e.shopper@example.com', name: 'Shay Shopper', subscriptionStatus: 'active', password: 'e2e-password-123' },
  ukShopper: { email: 'e2e.uk.shopper@example.com', name: 'Uma Ukshopper', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** Whole home, one look (e2e/whole-home.spec.ts): a living room, its look carried to another room, the home shared and downloaded. */
  homeMaker: { email: 'e2e.home.maker@example.com', name: 'Hana Home', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** The same journey on a phone (390 px). */
  homeMakerPhone: { email: 'e2e.home.maker.phone@example.com', name: 'Hal Home', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** A home of three rooms for the screenshots of ADR 065 (HOME_SHOTS=1). */
  homeShots: { email: 'e2e.home.shots@example.com', name: 'Hope Home', subscriptionStatus: 'active', password: 'e2e-password-123' },
  /** Makes a design, shares it, sends feedback and a bug report for the admin dashboard test; the name is markup on purpose. */
  sharer: {
    email: 'e2e.sharer@example.com',
    name: '<img src=x onerror="window.__xss=1">Shay Sharer',
    subscriptionStatus: 'active',
    password: 'e2e-password-123',
  },
} as const;
