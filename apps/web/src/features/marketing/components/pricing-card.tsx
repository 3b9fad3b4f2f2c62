import { PLAN, PLAN_FEATURES, SHOPPING_FEATURE } from '@rv/contracts/constants';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

/** The one plan: 'Beta Launch Special', $12/month and its features (how-it-works leaves out shopping). */
export function PricingCard({ withShopping = true, action }: { withShopping?: boolean; action: ReactNode }) {
  const features = PLAN_FEATURES.filter((f) => withShopping || f !== SHOPPING_FEATURE);
  return (
    <article aria-labelledby="plan-name" className="mx-auto w-full max-w-md rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-lg">
      <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-bold text-brand-800">{PLAN.badge}</p>
      <h3 id="plan-name" className="mt-4 text-2xl font-extrabold">
        {PLAN.name}
      </h3>
      <p className="mt-2 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold">${PLAN.priceUsd}</span>
        <span className="text-lg text-slate-600">/ month</span>
      </p>
      <ul className="mt-6 space-y-3" aria-label="Included in the plan">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
