// Debian's Chromium (apt-get install chromium; Playwright's own browsers cannot be downloaded here) and
// the flags every browser test and bench launches it with: headless, no sandbox or GPU, and none of its
// own network traffic (updates, sync, QUIC), so that only the app under test is measured.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's launch options for it. */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] };
