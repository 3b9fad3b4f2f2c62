import { messages } from '@rv/contracts/messages';
import type { Services } from '../../../services';
import { startDesignFromForm, type ToolUpload } from '../creation/design-from-form';
import { waitForDesign } from './wait-for-design';

/**
 * The spec's design creation (POST /api/room-design, /api/kitchen-bathroom-design): makes the design and
 * waits for it (until it is done or failed, the spec's time is up, or `gone` says the client left), for the
 * spec's clients only; our web app starts a design and follows its events (ADR 066). Answers its id, and the
 * failure text when it failed.
 */
export async function makeDesignAndWait(
  services: Services,
  input: { userId: string; upload: ToolUpload; gone: () => boolean },
): Promise<{ designId: string; error: string | null }> {
  const designId = await startDesignFromForm(services, input);
  const design = await waitForDesign(services.database.db, designId, input.gone);
  return { designId, error: design?.status === 'failed' ? (design.error ?? messages.tools.processDesignFailed) : null };
}
