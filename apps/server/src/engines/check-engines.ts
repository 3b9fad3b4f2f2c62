import sharp from 'sharp';
import type { Config } from '../config/env';
import { createEngines, type RemoteEngineTuning } from './create-engines';
import { configuredEngines, type EngineChoice } from './engine-choice';
import { deprecationNote, knownModel, undescribedModels, type Provider } from './engine-models';
import { askForModel, listProviderModels, serviceWords, type ModelList } from './model-lists';

/**
 * One engine's check: the provider's list of models (free), and with `depth: 'call'` the smallest real
 * call after it (an image edit of a tiny photo, or one structured text answer: paid).
 */
export interface EngineCheck {
  choice: EngineChoice;
  /** 'list': only the provider's list was read (a start); 'call': the real call was made too (or stopped before it). */
  depth: 'list' | 'call';
  ok: boolean;
  latencyMs: number;
  /** The size of the image the image engine returned. */
  imageSize?: { width: number; height: number };
  /** The service's own words when it did not answer (its reason, not the message users read). */
  error?: string;
  /** The provider's list does not have the model: the check stops there, with the listed models of the same kind. */
  refused?: { suggestions: string[] };
  /** What the operator should know although the model answered: a deprecation with its date, a model no table knows. */
  warnings: string[];
}

/** At most this many suggestions are printed. */
const SUGGESTIONS = 8;

/**
 * What a start runs: for each configured hosted engine the provider's own list of models only (free),
 * never a model call (ADR 036). A model it does not list, a list it will not give (a bad key), a
 * deprecation with its date show the same as in the full check.
 */
export function checkEngineLists(config: Config, tuning: RemoteEngineTuning = {}): Promise<EngineCheck[]> {
  return runChecks(config, tuning, false);
}

/**
 * For each configured hosted engine, first the provider's own list of models (Gemini models.list or Vertex
 * AI, OpenAI models.list or the gateway's at OPENAI_BASE_URL): a model it does not list stops the check
 * with the service's answer when asked for it by name and the listed models of the same kind; a model the
 * list or our table marks deprecated is a warning with its date. Then the smallest real call: one image
 * edit of a 64x48 photo (one image asked for) and one structured text answer (a short tweak read back as
 * JSON). Paid: run by `npm run engines -- check` and the admin's 'Run the real check' button, never at start.
 */
export function checkEngines(config: Config, tuning: RemoteEngineTuning = {}): Promise<EngineCheck[]> {
  return runChecks(config, tuning, true);
}

async function runChecks(config: Config, tuning: RemoteEngineTuning, realCall: boolean): Promise<EngineCheck[]> {
  const { imageEngine, visionEngine } = createEngines(config, { maxRetries: 0, ...tuning });
  const chosen = configuredEngines(config);
  const lists = new Map<Provider, Promise<ModelList>>();
  const listOf = (provider: Provider) => {
    const known = lists.get(provider);
    if (known) return known;
    const list = listProviderModels(provider, config, { baseUrl: tuning.baseUrl });
    lists.set(provider, list);
    return list;
  };
  const image = checked(config, chosen.image, listOf, tuning, realCall, async () => {
    const room = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 190, g: 180, b: 165 } } })
      .webp()
      .toBuffer();
    const result = await imageEngine.redesign(
      {
        prompt: 'Repaint the walls of this room a warm white. Keep everything else as it is.',
        brief: {
          tool: 'furnishing',
          styleDescription: 'warm white walls',
          additionalText: '',
          architecturalChanges: false,
          architecturalDetails: '',
          items: [],
          inspirationCount: 0,
        },
        room: { role: 'room', data: room, mimeType: 'image/webp' },
        references: [],
        count: 1,
      },
      { requestKey: `engines-check:${Date.now()}`, signal: AbortSignal.timeout(180_000) },
    );
    const first = result.images[0];
    if (!first) throw new Error('no image came back');
    const { width = 0, height = 0 } = await sharp(first.data).metadata();
    return { imageSize: { width, height } };
  });
  const vision = checked(config, chosen.vision, listOf, tuning, realCall, async () => {
    const answer = await visionEngine.interpretTweak({ text: 'make the sofa green', scope: 'tweak' }, AbortSignal.timeout(120_000));
    if (!answer.changes.length) throw new Error('the answer named no change');
    return {};
  });
  // The service's words may quote a key (a gateway's 401): every configured secret is masked by value.
  return (await Promise.all([image, vision])).map((check) =>
    check.error === undefined ? check : { ...check, error: config.redactSecrets(check.error) },
  );
}

/** The provider's list first, then (`realCall`) the real call when the model is listed. */
async function checked(
  config: Config,
  choice: EngineChoice,
  listOf: (provider: Provider) => Promise<ModelList>,
  tuning: RemoteEngineTuning,
  realCall: boolean,
  call: () => Promise<Partial<EngineCheck>>,
): Promise<EngineCheck> {
  const depth = realCall ? 'call' : 'list';
  if (choice.engine === 'local') return realCall ? timed(choice, [], call) : { choice, depth, ok: true, latencyMs: 0, warnings: [] };
  const provider = choice.engine;
  const kind = choice.kind === 'image' ? 'image' : 'text';
  const warnings: string[] = [];
  const started = performance.now();
  const list = await listOf(provider);
  const elapsed = () => Math.round(performance.now() - started);
  if (!list.ok) {
    // A gateway without a model list (404) is said, and the real call still decides.
    if (provider === 'openai' && config.OPENAI_BASE_URL && list.said.endsWith('(HTTP 404)'))
      warnings.push(
        realCall
          ? `the gateway has no model list (${list.said}); only the real call below checks the model`
          : `the gateway has no model list (${list.said}); only the real call (npm run engines -- check, or the admin's Engines panel) checks the model`,
      );
    else return { choice, depth, ok: false, latencyMs: elapsed(), error: `its list of models could not be read: ${list.said}`, warnings };
  } else {
    const listed = list.models.find((model) => model.id === choice.model.replace(/^models\//, ''));
    if (!listed) {
      const said = await askForModel(provider, config, choice.model, { baseUrl: tuning.baseUrl });
      const going = (id: string) =>
        Boolean(knownModel(provider, id)?.deprecation ?? list.models.find((model) => model.id === id)?.shutdownDate);
      const suggestions = list.models
        .filter((model) => model.kind === kind && model.id !== choice.model)
        .map((model) => model.id)
        .sort((a, b) => Number(going(a)) - Number(going(b)) || Number(!knownModel(provider, a)) - Number(!knownModel(provider, b)))
        .slice(0, SUGGESTIONS);
      return {
        choice,
        depth,
        ok: false,
        latencyMs: elapsed(),
        error: `not in the service's list of models; asked for it by name, it answered: ${said}`,
        refused: { suggestions },
        warnings,
      };
    }
    if (listed.shutdownDate) warnings.push(`${choice.model} shuts down on ${listed.shutdownDate} (the service's list of models)`);
    const note = deprecationNote(provider, choice.model);
    if (note) warnings.push(`${choice.model} is ${note}`);
    else if (listed.saysDeprecated && !listed.shutdownDate)
      warnings.push(`${choice.model} is called deprecated in the service's list of models (no date given)`);
  }
  if (!knownModel(provider, choice.model))
    warnings.push(
      undescribedModels(config).find((problem) => problem.message.startsWith(`${choice.model} `))?.message ??
        `${choice.model} is not in the table of models this server knows; it runs with the limits and prices described in the configuration`,
    );
  if (!realCall) return { choice, depth, ok: true, latencyMs: elapsed(), warnings };
  return timed(choice, warnings, call);
}

async function timed(choice: EngineChoice, warnings: string[], call: () => Promise<Partial<EngineCheck>>): Promise<EngineCheck> {
  const started = performance.now();
  try {
    const extra = await call();
    return { choice, depth: 'call', ok: true, latencyMs: Math.round(performance.now() - started), warnings, ...extra };
  } catch (error) {
    return { choice, depth: 'call', ok: false, latencyMs: Math.round(performance.now() - started), error: serviceWords(error), warnings };
  }
}

/** One line per engine, as `npm run engines -- check` prints them, each suggestion list and warning on a line of its own below. */
export function formatEngineChecks(checks: EngineCheck[]): string {
  return checks
    .flatMap(({ choice, depth, ok, latencyMs, imageSize, error, refused, warnings }) => {
      const name = `${choice.kind.padEnd(6)} ${choice.engine} ${choice.model} (${choice.via})`;
      const notes = warnings.map((warning) => `       WARNING: ${warning}`);
      if (refused)
        return [
          `${name}: REFUSED after ${latencyMs} ms: ${error}`,
          `       ${choice.kind === 'image' ? 'image' : 'text'} models it lists instead: ${refused.suggestions.join(', ') || 'none'}`,
          ...notes,
        ];
      if (!ok) return [`${name}: FAILED after ${latencyMs} ms: ${error}`, ...notes];
      if (depth === 'list')
        return [
          `${name}: ${choice.engine === 'local' ? 'nothing to list' : `listed (list read in ${latencyMs} ms)`}, no model called`,
          ...notes,
        ];
      return [`${name}: answered in ${latencyMs} ms${imageSize ? `, image ${imageSize.width}x${imageSize.height}` : ''}`, ...notes];
    })
    .join('\n');
}
