import { messages } from '@rv/contracts/messages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverWords } from '@/lib/first-script-json';

/** The server answered 200 but without a design (an `error` field, or success: false). */
export class DesignNotCreatedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesignNotCreatedError';
  }
}

export interface CreationFailure {
  /** The HTTP status when the server answered; 402 means no credits left. */
  status?: number;
  /** The server's error text, else 'Server error ({status})', else a plain explanation. */
  message: string;
}

function serverText(body: string): string | undefined {
  const words = serverWords(body);
  return (words.error ?? words.message)?.trim() || undefined;
}

/** What to tell the person when creating a design failed. */
export function creationFailure(error: unknown): CreationFailure {
  if (error instanceof ApiError) {
    return { status: error.status, message: serverText(error.body) ?? messages.tools.serverError(error.status) };
  }
  if (error instanceof DesignNotCreatedError) return { message: error.message };
  if (error instanceof DOMException && error.name === 'TimeoutError') return { message: errorMessage(error, '') };
  return { message: 'We could not reach the server. Please check your connection and try again.' };
}
