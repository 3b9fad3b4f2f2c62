// The phone the page benches stand for (first-click, account-shown): 390 px wide at 2x, 150 ms round trip,
// 1.6 Mbps down, 750 kbps up, CPU slowed 4x, set on a page through the DevTools protocol.
import type { BrowserContext, Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844, latencyMs: 150, downBps: 1_600_000, upBps: 750_000, cpu: 4 };

/** A new context's options at the phone's size. */
export const PHONE_CONTEXT = { viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: 2 };

/** Slows `page` to the phone's network and CPU, with the browser's cache off (every visit a first one). */
export async function emulatePhone(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downBps / 8,
    uploadThroughput: PHONE.upBps / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
}
