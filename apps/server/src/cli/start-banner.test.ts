import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { startBanner } from './start-banner';

const dataDir = mkdtempSync(path.join(tmpdir(), 'rv-banner-'));

describe('the start banner', () => {
  it('on the defaults: the address, each stand-in, where its output goes and the variables of the real one', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '3000' });
    const banner = startBanner(config, { colours: false, root: dataDir });
    expect(banner).toContain('Room Visualizer is serving on http://localhost:3000');
    expect(banner).toMatch(/Database\s+embedded PGlite, stand-in for PostgreSQL, in pglite\/\n\s+real one: DATABASE_URL=postgres/);
    expect(banner).toMatch(/Storage\s+local files, stand-in for S3, in files\//);
    expect(banner).toMatch(/Mail\s+outbox stand-in: every e-mail, sign-in links included, is a file in outbox\/\*\.eml/);
    expect(banner).toMatch(/Payments\s+local stand-in for Stripe: card 4242 4242 4242 4242 pays/);
    expect(banner).toMatch(
      /Image engine\s+local stand-in, no AI.*\n\s+real one: IMAGE_ENGINE=gemini \(GEMINI_API_KEY\) or IMAGE_ENGINE=openai/,
    );
    expect(banner).toContain('6 stand-ins in use');
    expect(banner).toContain('LOG_FORMAT=json');
    // Short enough for the first screen of a terminal, and no line wider than a wide one.
    expect(banner.split('\n').length).toBeLessThanOrEqual(24);
    expect(Math.max(...banner.split('\n').map((line) => line.length))).toBeLessThanOrEqual(140);
  });

  it('names a real service as such, with no switch to offer', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      IMAGE_ENGINE: 'openai',
      VISION_ENGINE: 'openai',
      OPENAI_API_KEY: 'k',
      SMTP_URL: 'smtp://a:b@mail.example:587',
    });
    const banner = startBanner(config, { colours: true, root: dataDir });
    expect(banner).toMatch(/Image engine.*openai/);
    expect(banner).toMatch(/Mail.*sent through SMTP_URL/);
    expect(banner).not.toContain('OPENAI_API_KEY)');
    expect(banner).toContain('3 stand-ins in use');
    expect(banner).toContain('\u001b[1m');
  });
});
