import type { Auth } from './auth/create-auth';
import type { EngineCheckMemory } from './engines/engine-check-memory';
import type { ImageEngine } from './engines/image-engine';
import type { VisionEngine } from './engines/vision-engine';
import type { JobServices } from './jobs/job-services';
import type { Metrics } from './metrics/metrics';
import type { PaymentsProvider } from './payments/payments-provider';

/**
 * Everything a route, an operation or a job needs from the outside world: the job loops' ports (JobServices)
 * and the rest, built once from configuration by the composition root (composition-root.ts), which nothing
 * below it imports.
 */
export interface Services extends JobServices {
  auth: Auth;
  payments: PaymentsProvider;
  imageEngine: ImageEngine;
  visionEngine: VisionEngine;
  /** The last engine check this app ran, for the admin's Engines panel. */
  engineChecks: EngineCheckMemory;
  /** This process's Prometheus series (metrics/metrics.ts). */
  metrics: Metrics;
  /** Aborted when this process begins to stop (SIGTERM): event streams end with a retry hint (ADR 066). */
  stopping: AbortController;
}
