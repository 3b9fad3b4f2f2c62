import { EngineError, NO_IMAGE_MESSAGE } from '../../engines/image-engine';
import type { Services } from '../../services';
import { readObject } from '../../storage/read-object';

/**
 * An engine call whose answer without an image ('no-image': Gemini's NO_IMAGE or IMAGE_OTHER, an answer
 * with nothing in it) is worth ONE more paid attempt per design or task, no more (ADR 034). The extra
 * attempt is recorded in storage (`recordKey`, one of the design's files) before it is made, so a retried
 * or resumed job that finds the record never makes another: it makes its one call (`retried` true, the
 * caller asks for as little as it can), and an answer without an image then ends the work for good.
 * When the record cannot be written the extra attempt is not made (it could not be counted).
 */
export async function withOneMoreImageTry<T>(
  services: Pick<Services, 'storage' | 'log'>,
  recordKey: string,
  call: (retried: boolean) => Promise<T>,
): Promise<T> {
  const retried = (await readObject(services.storage, recordKey)) !== null;
  try {
    return await call(retried);
  } catch (error) {
    if (!isNoImage(error) || retried) throw isNoImage(error) ? final(error) : error;
    const recorded = await services.storage
      .put(recordKey, Buffer.from(JSON.stringify({ noImageAt: new Date().toISOString() })), 'application/json')
      .then(() => true)
      .catch(() => false);
    services.log.warn(
      { recordKey, recorded },
      recorded
        ? 'no image in the answer: one more attempt'
        : 'no image in the answer, and the extra attempt could not be recorded: none is made',
    );
    if (!recorded) throw final(error);
  }
  try {
    return await call(true);
  } catch (error) {
    throw isNoImage(error) ? final(error) : error;
  }
}

function isNoImage(error: unknown): error is EngineError {
  return error instanceof EngineError && error.kind === 'no-image';
}

/** The same failure, no longer retryable: the job ends the work and the user is told (and refunded). */
function final(error: EngineError): EngineError {
  return new EngineError(NO_IMAGE_MESSAGE, false, error.status, error.detail, 'no-image');
}
