import { readJson } from '@rv/contracts/json';
import { z } from 'zod';

/**
 * The log's two faces: JSON lines (pino's own: what a log collector reads, and the default off a terminal)
 * and one short readable line per entry for a person at a terminal ("12:04:05 INFO  message  key=value").
 * LOG_FORMAT chooses; unset, a terminal gets the readable lines.
 */
export type LogFormat = 'json' | 'pretty';

export function chooseLogFormat(asked: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return asked ?? (isTerminal ? 'pretty' : 'json');
}

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '90' },
  20: { name: 'DEBUG', colour: '90' },
  30: { name: 'INFO ', colour: '32' },
  40: { name: 'WARN ', colour: '33' },
  50: { name: 'ERROR', colour: '31' },
  60: { name: 'FATAL', colour: '31' },
};
/** pino's own fields, and those a person does not need on each line (the request's id, its host, its pid). */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'name', 'v']);

const paint = (colour: string, text: string, colours: boolean) => (colours ? `\u001b[${colour}m${text}\u001b[0m` : text);

function shortValue(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** A pino line is one JSON object; anything else is written as it came. */
const logEntry = z.record(z.string(), z.unknown());

/** One pino JSON line as one readable line; a request's log reads "GET /api/x 200 12 ms". */
export function prettyLogLine(jsonLine: string, options: { colours: boolean }): string {
  const entry = readJson(logEntry, jsonLine);
  if (!entry) return jsonLine.endsWith('\n') ? jsonLine : `${jsonLine}\n`;
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level), colour: '0' };
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const rest = { ...entry };
  let message = typeof entry.msg === 'string' ? entry.msg : '';
  const req = rest.req as { method?: string; url?: string } | undefined;
  const res = rest.res as { statusCode?: number } | undefined;
  if (req?.method) {
    message = `${message} ${req.method} ${req.url ?? ''}`;
    delete rest.req;
  }
  if (res?.statusCode) {
    message = `${message} ${res.statusCode}${typeof rest.responseTime === 'number' ? ` ${Math.round(rest.responseTime)} ms` : ''}`;
    delete rest.res;
    delete rest.responseTime;
  }
  const err = rest.err as { message?: string; stack?: string } | undefined;
  if (err) delete rest.err;
  const fields = Object.entries(rest)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${shortValue(value)}`);
  const head = `${paint('90', time, options.colours)} ${paint(level.colour, level.name, options.colours)} ${message}`;
  const tail = fields.length ? `  ${paint('90', fields.join(' '), options.colours)}` : '';
  const stack = err?.stack ? `\n${err.stack}` : err?.message ? `\n${err.message}` : '';
  return `${head}${tail}${stack}\n`;
}

/** A stream for pino that writes each line readable to `out` (a terminal). */
export function prettyLogStream(out: { write(text: string): unknown }, options: { colours: boolean }) {
  return { write: (line: string) => void out.write(prettyLogLine(line, options)) };
}
