import type { z } from 'zod';
import type { MultipartSpec } from '../multipart';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API: everything both sides need to agree on. The server registers its handler from
 * it (apps/server/src/lib/route.ts) and the web app calls it through one typed client
 * (apps/web/src/lib/api-client.ts), so a change here is a compile error on whichever side no longer matches.
 *
 * - `path` uses Fastify's `:name` parameters; `params` is their schema.
 * - `body` is a JSON body; `multipart` declares a multipart/form-data body (multipart.ts): its fields,
 *   their counts, sizes and schemas, read by the server and built by the web client from the same declaration.
 * - `responses` is the answer per status: only these statuses, with these shapes, can be answered.
 * - `events` (SSE routes) is the schema of each server-sent event's data, by event name.
 * - `raw` routes answer a file or a stream, not JSON: the server registers them by hand, the browser
 *   navigates to them (`urlOf`) instead of fetching JSON.
 */
export interface RouteEntry {
  method: HttpMethod;
  path: string;
  /** What the call does, in one line (the API's document shows it; `redocly lint` needs one per call). */
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: MultipartSpec;
  responses: Partial<Record<number, z.ZodType>>;
  events?: Record<string, z.ZodType>;
  raw?: true;
}

/** Declares a catalogue entry, keeping its literal types (method, path, statuses, schemas). */
export const defineRoute = <const Entry extends RouteEntry>(entry: Entry): Entry => entry;

/** The statuses an entry declares. */
export type StatusOf<Entry extends RouteEntry> = Extract<keyof Entry['responses'], number>;

/** The answer (as sent, after the schema's output) of one declared status. */
export type AnswerOf<
  Entry extends RouteEntry,
  Status extends StatusOf<Entry> = Extract<StatusOf<Entry>, 200 | 201>,
> = Entry['responses'][Status] extends z.ZodType ? z.output<Entry['responses'][Status]> : never;

/** What a handler gives back: one declared status with its answer. */
export type ReplyOf<Entry extends RouteEntry> = {
  [Status in StatusOf<Entry>]: {
    status: Status;
    body: Entry['responses'][Status] extends z.ZodType ? z.input<Entry['responses'][Status]> : never;
  };
}[StatusOf<Entry>];
