import type { EngineStatusAnswer } from '@rv/contracts/api/admin-engines';
import { messages } from '@rv/contracts/messages';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useEngineStatus } from '../api/get-engine-status';
import { useRunEngineCheck } from '../api/run-engine-check';
import { Timestamp } from './admin-card';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** The engines in use with their models and last failure, the failed share of a day's designs, and what designs cost this month. */
export function EnginesPanel() {
  const status = useEngineStatus();
  if (status.isError)
    return (
      <p role="alert" className="text-red-800">
        {messages.account.loadFailed}
      </p>
    );
  if (!status.data) return <p role="status">Loading engines...</p>;
  const { engines, last24h, month } = status.data;
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2">
        {engines.map((engine) => (
          <EngineCard key={engine.kind} engine={engine} />
        ))}
      </ul>
      <RealCheck />
      <p className="text-slate-800">
        Designs in the last 24 hours: <strong>{last24h.designs}</strong>, failed: <strong>{last24h.failed}</strong> (
        {percent.format(last24h.failedShare)})
      </p>
      <div className="space-y-2">
        <h3 className="text-lg font-bold">Cost this month</h3>
        <p className="text-slate-800">
          {month.designs} designs, {usd.format(month.costUsd)} in all, <strong>{usd.format(month.costPerDesignUsd)} per design</strong>{' '}
          (estimated from the engines’ reported usage)
        </p>
        {month.subscribers.length > 0 && (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Cost per subscriber this month</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3">
                  Subscriber
                </th>
                <th scope="col" className="py-2 pr-3">
                  Designs
                </th>
                <th scope="col" className="py-2 pr-3">
                  Cost
                </th>
                <th scope="col" className="py-2">
                  Pays
                </th>
              </tr>
            </thead>
            <tbody>
              {month.subscribers.map((row) => (
                <tr key={row.email} className={row.costUsd > row.paysUsd ? 'bg-red-50 font-semibold text-red-900' : ''}>
                  <td className="py-2 pr-3 break-all">{row.email}</td>
                  <td className="py-2 pr-3">{row.designs}</td>
                  <td className="py-2 pr-3">
                    {usd.format(row.costUsd)}
                    {row.costUsd > row.paysUsd && <span> (costs more than they pay)</span>}
                  </td>
                  <td className="py-2">{usd.format(row.paysUsd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}

function EngineCard({ engine }: { engine: EngineStatusAnswer['engines'][number] }) {
  const failure = engine.lastFailure;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="font-bold">
        {engine.kind === 'image' ? 'Image engine' : 'Vision engine'}: {engine.engine}
      </h3>
      <p className="text-sm text-slate-700">
        Model <code>{engine.model}</code> through {engine.via}
      </p>
      {engine.deprecation && <p className="mt-2 text-sm font-semibold text-amber-900">Provider: {engine.deprecation}</p>}
      <ModelCheck check={engine.modelCheck} />
      {failure ? (
        <div className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">
            Last failure: <Timestamp iso={failure.at} /> ({failure.operation}, {failure.model})
          </p>
          {failure.cause && <p className="break-words">Cause: {failure.cause}</p>}
          {failure.error && <p className="break-words">Users were told: {failure.error}</p>}
        </div>
      ) : (
        <p className="mt-3 text-sm text-green-800">No failures recorded.</p>
      )}
    </li>
  );
}

/**
 * 'Run the real check': the smallest real call to each configured engine (a start reads the providers'
 * model lists only, which is free). What each engine said shows in its card above.
 */
function RealCheck() {
  const run = useRunEngineCheck();
  const press = async () => {
    try {
      const { engines } = await run.mutateAsync();
      const failed = engines.filter((engine) => !engine.check.ok);
      if (failed.length)
        toast.error(`Real check: ${failed.map((engine) => `${engine.kind} engine failed`).join(', ')}. See the engine cards.`);
      else toast.success('Real check: every engine answered.');
    } catch (error) {
      toast.error('The real check could not run.', { description: errorMessage(error, 'Please try again.') });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={() => void press()} disabled={run.isPending}>
        {run.isPending ? 'Running the real check...' : 'Run the real check'}
      </Button>
      <p className="text-sm text-slate-700">
        One small image edit and one short text answer to each hosted engine: it is billed by the provider. A start only reads the
        providers&rsquo; lists of models, which is free.
      </p>
    </div>
  );
}

/** What the last engine check said: the provider's list at start, or the admin's real call; refused with the listed models of the same kind, or warnings. */
function ModelCheck({ check }: { check: EngineStatusAnswer['engines'][number]['modelCheck'] }) {
  if (!check) return <p className="mt-2 text-sm text-slate-600">No engine check has run since this server started.</p>;
  const outcome = check.realCall
    ? check.ok
      ? `answered in ${check.latencyMs} ms${check.imageSize ? `, image ${check.imageSize.width}x${check.imageSize.height}` : ''}`
      : 'failed'
    : check.ok
      ? 'the provider lists the model (no model was called)'
      : 'failed';
  return (
    <div className={`mt-3 rounded-lg p-3 text-sm ${check.ok ? 'bg-slate-50 text-slate-800' : 'bg-red-50 text-red-900'}`}>
      <p className="font-semibold">
        {check.realCall ? 'Real check' : 'Model list check'} <Timestamp iso={check.at} />: {outcome}
      </p>
      {check.said && <p className="break-words">The service: {check.said}</p>}
      {check.suggestions.length > 0 && <p className="break-words">Models it lists instead: {check.suggestions.join(', ')}</p>}
      {check.warnings.map((warning) => (
        <p key={warning} className="break-words text-amber-900">
          Warning: {warning}
        </p>
      ))}
    </div>
  );
}
