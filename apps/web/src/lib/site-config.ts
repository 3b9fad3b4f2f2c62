import type { SiteConfig } from '@rv/contracts/api/site';
import { isPartialSiteConfig, parseJsonObject } from './first-script-json';

const empty: SiteConfig = {
  walkthroughVideoUrl: null,
  tutorialVideoUrl: null,
  testimonialsEmbedUrl: null,
  faqUrl: '/how-it-works#faq',
  galleryUrl: '/how-it-works#gallery',
  featureRequestUrl: '/how-it-works#feature-requests',
  googleSignIn: false,
  imageEngine: 'local',
  payments: { provider: 'local', publishableKey: null },
  samples: [],
};

let cached: SiteConfig | undefined;

/** The server, rendering a page (src/entry-server.tsx), gives the configuration it inlines into that page. */
export function setSiteConfig(site: SiteConfig) {
  cached = { ...empty, ...site };
}

/** The operator's site configuration, inlined by the server into index.html as JSON data. */
export function getSiteConfig(): SiteConfig {
  if (cached) return cached;
  if (typeof document === 'undefined') return empty;
  const tag = document.getElementById('site-config');
  // What the server inlined, over the defaults; a configuration that is not of its shape leaves the defaults.
  const inlined = tag?.textContent ? parseJsonObject(tag.textContent) : undefined;
  cached = { ...empty, ...(inlined && isPartialSiteConfig(inlined) ? inlined : {}) };
  return cached;
}
