import { z } from 'zod';
import { engineNames } from '../domain';

/** Operator-configurable content the web app reads at start: embeds and landing samples. */
export const siteConfig = z.object({
  walkthroughVideoUrl: z.string().nullable(),
  tutorialVideoUrl: z.string().nullable(),
  testimonialsEmbedUrl: z.string().nullable(),
  faqUrl: z.string(),
  galleryUrl: z.string(),
  featureRequestUrl: z.string(),
  googleSignIn: z.boolean(),
  /** The image engine in use: the local stand-in's results say so, and its waits are seconds, not minutes. */
  imageEngine: z.enum(engineNames),
  /** local: our own card form; stripe: Stripe's Payment Element with this publishable key. */
  payments: z.object({ provider: z.enum(['local', 'stripe']), publishableKey: z.string().nullable() }),
  samples: z.array(
    z.object({ id: z.number(), room: z.string(), before: z.string(), after: z.string(), thumb: z.string(), alt: z.string() }),
  ),
});
export type SiteConfig = z.infer<typeof siteConfig>;
