import { z } from 'zod';

/** Operator-configurable content the web app reads at start: embeds and landing samples. */
export const siteConfig = z.object({
  walkthroughVideoUrl: z.string().nullable(),
  tutorialVideoUrl: z.string().nullable(),
  testimonialsEmbedUrl: z.string().nullable(),
  faqUrl: z.string(),
  galleryUrl: z.string(),
  featureRequestUrl: z.string(),
  googleSignIn: z.boolean(),
  samples: z.array(
    z.object({ id: z.number(), room: z.string(), before: z.string(), after: z.string(), thumb: z.string(), alt: z.string() }),
  ),
});
export type SiteConfig = z.infer<typeof siteConfig>;
