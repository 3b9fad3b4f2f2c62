import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PricingCard } from '@/features/marketing/components/pricing-card';
import { VideoEmbed } from '@/features/marketing/components/video-embed';
import { getSiteConfig } from '@/lib/site-config';

export function Component() {
  const site = getSiteConfig();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.home}>
          <ArrowLeft className="size-4" aria-hidden /> Back to Home
        </Link>
      </Button>
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight">How it works</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        Watch a room go from photo to redesign. You upload the room as it is, add the furniture, finishes or inspiration you like, and we
        return photorealistic designs that keep your walls, windows, doors and camera angle.
      </p>
      <div className="mt-8">
        <VideoEmbed
          url={site.walkthroughVideoUrl}
          title="Walkthrough: from room photo to redesign"
          poster={site.samples[0]?.after ?? '/samples/og-image.webp'}
        />
      </div>
      <section aria-labelledby="how-pricing" className="mt-14">
        <h2 id="how-pricing" className="mb-8 text-center text-3xl font-extrabold">
          Start designing today
        </h2>
        <PricingCard
          withShopping={false}
          action={
            <Button asChild size="lg" className="w-full">
              <Link to={paths.pricing}>Subscribe Now</Link>
            </Button>
          }
        />
      </section>
      <section id="faq" aria-labelledby="faq-title" className="mt-14 scroll-mt-20">
        <h2 id="faq-title" className="text-2xl font-extrabold">
          Questions
        </h2>
        <dl className="mt-4 space-y-4">
          <div>
            <dt className="font-bold">What photo works best?</dt>
            <dd className="text-slate-700">
              One clear, straight-on, well-lit view of the room, taken from a corner or doorway at chest height.
            </dd>
          </div>
          <div>
            <dt className="font-bold">Will my walls and windows change?</dt>
            <dd className="text-slate-700">
              No. The architecture is kept unless you ask for architectural changes; if a result drifts, Fix Room repairs it.
            </dd>
          </div>
          <div>
            <dt className="font-bold">Can I cancel?</dt>
            <dd className="text-slate-700">Yes, anytime from your account&apos;s billing portal.</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
