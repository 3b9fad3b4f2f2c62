import type { EngineChoice, EngineKind } from './engine-choice';
import { currentEngineCallOwner, withEngineUsage, type EngineCallOwner, type EngineUsage } from './engine-usage';
import { inSpan, SpanKind } from '../lib/tracing';
import type { ImageEngine } from './image-engine';
import type { VisionEngine } from './vision-engine';

/** One finished engine call, as the recorder hands it on (to the database, the log). */
export interface EngineCallRecord {
  choice: EngineChoice;
  operation: string;
  owner: EngineCallOwner;
  /** Undefined when the call answered. */
  failure?: unknown;
  latencyMs: number;
  usage: EngineUsage;
}

/**
 * The engines with every call recorded: each method (redesign, analyzeDesign, ...) is timed, its
 * reported usage added up and its outcome handed to `onCall`, for whoever the running job said the
 * work is for, in a span of its own (`engine <method>`, ADR 059). The call's own result or error passes
 * through unchanged.
 */
export function recordEngineCalls(
  engines: { imageEngine: ImageEngine; visionEngine: VisionEngine },
  chosen: Record<EngineKind, EngineChoice>,
  onCall: (record: EngineCallRecord) => void,
): { imageEngine: ImageEngine; visionEngine: VisionEngine } {
  return {
    imageEngine: recorded(engines.imageEngine, chosen.image, onCall),
    visionEngine: recorded(engines.visionEngine, chosen.vision, onCall),
  };
}

function recorded<E extends object>(engine: E, choice: EngineChoice, onCall: (record: EngineCallRecord) => void): E {
  return new Proxy(engine, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const attributes = {
        'engine.name': choice.engine,
        'engine.kind': choice.kind,
        'engine.model': choice.model,
        'engine.operation': property,
      };
      return (...args: unknown[]) =>
        inSpan(`engine ${property}`, { kind: SpanKind.CLIENT, attributes }, async () => {
          const owner = currentEngineCallOwner();
          const started = performance.now();
          const { usage, outcome } = await withEngineUsage(() => Promise.resolve(value.apply(target, args)));
          const latencyMs = Math.round(performance.now() - started);
          onCall({
            choice,
            operation: property,
            owner,
            usage,
            latencyMs,
            failure: outcome.status === 'rejected' ? outcome.reason : undefined,
          });
          if (outcome.status === 'rejected') throw outcome.reason;
          return outcome.value;
        });
    },
  });
}
