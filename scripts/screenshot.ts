// Takes a screenshot of a page with Debian's Chromium: node --import tsx scripts/screenshot.ts URL OUT.png [width] [height]
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';

const [url, out, width = '1280', height = '900'] = process.argv.slice(2);
if (!url || !out) throw new Error('usage: node --import tsx scripts/screenshot.ts URL OUT.png [width] [height]');
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
await browser.close();
