// Debian's Chromium (apt-get install chromium; Playwright's own browsers cannot be downloaded here) and
// the flags every browser test and bench launches it with: headless, no sandbox or GPU, and none of its
// own network traffic (updates, sync, QUIC), so that only the app under test is measured.
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The features Playwright turns off when it launches Chromium (playwright-core's chromiumSwitches.ts, 1.65),
 * repeated here: Chromium reads only the last `--disable-features` it is given, so ours must carry Playwright's
 * too (scripts/chromium.test.ts fails when Playwright's list has one that this one lacks).
 */
const PLAYWRIGHTS_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 draws its address bar's suggestion popups as web pages (chrome://omnibox-popup.top-chrome),
 * made ready in a renderer of their own for each new window: a headless window too, so each browser test's
 * new context. Nobody sees them here, and they cost ~2.4 s of CPU per context (10 contexts: 38 s of the
 * machine's CPU with them, 14 s without).
 */
const UNSEEN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHTS_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI].join(',')}`,
];

/** Playwright's launch options for it. */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] };
