import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { siteConfig, type SiteConfig } from '@rv/contracts/api/site';
import type { Config } from '../../config/env';

export const CUSTOM_SAMPLES_PREFIX = '/custom-samples/';

/**
 * The operator-configurable content: video and testimonial embeds and the landing samples. Samples
 * come from SAMPLES_DIR/samples.json when set (files served under /custom-samples/), else from the
 * committed ones in the web build.
 */
export function loadSiteConfig(config: Config, webDist: string): SiteConfig {
  const custom = config.SAMPLES_DIR ? path.resolve(config.SAMPLES_DIR) : null;
  const manifest = custom ? path.join(custom, 'samples.json') : path.join(webDist, 'samples', 'samples.json');
  // A samples.json that is not a list of samples stops the start, naming what is wrong.
  const raw = existsSync(manifest) ? siteConfig.shape.samples.parse(JSON.parse(readFileSync(manifest, 'utf8'))) : [];
  const url = (file: string) => (custom ? `${CUSTOM_SAMPLES_PREFIX}${path.basename(file)}` : file);
  return siteConfig.parse({
    walkthroughVideoUrl: config.WALKTHROUGH_VIDEO_URL ?? null,
    tutorialVideoUrl: config.TUTORIAL_VIDEO_URL ?? null,
    testimonialsEmbedUrl: config.TESTIMONIALS_EMBED_URL ?? null,
    faqUrl: config.FAQ_URL,
    galleryUrl: config.GALLERY_URL,
    featureRequestUrl: config.FEATURE_REQUEST_URL,
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    imageEngine: config.IMAGE_ENGINE,
    payments: { provider: config.PAYMENTS, publishableKey: config.PAYMENTS === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null },
    samples: raw.map((s) => ({ ...s, before: url(s.before), after: url(s.after), thumb: url(s.thumb) })),
  });
}

/** Origins the page may frame (video and testimonial embeds), for the CSP. */
export function embedOrigins(site: SiteConfig): string[] {
  return [site.walkthroughVideoUrl, site.tutorialVideoUrl, site.testimonialsEmbedUrl]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
}
