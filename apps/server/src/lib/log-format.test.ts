import { describe, expect, it } from 'vitest';
import { chooseLogFormat, prettyLogLine } from './log-format';

describe('the log format', () => {
  it('is readable on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });

  it('turns a JSON line into one short line: time, level, message, the other fields', () => {
    const time = new Date(2026, 10, 29, 12, 4, 5).getTime();
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'r',
      to: 'a@b.c',
      file: 'data/outbox/x.eml',
      msg: 'mail written to outbox',
    });
    expect(prettyLogLine(line, { colours: false })).toBe('12:04:05 INFO  mail written to outbox  to=a@b.c file=data/outbox/x.eml\n');
  });

  it("reads a request's completion as method, path, status and time; an error keeps its stack", () => {
    const time = new Date(2026, 10, 29, 9, 0, 0).getTime();
    const done = JSON.stringify({
      level: 30,
      time,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
      responseTime: 3.4,
    });
    expect(prettyLogLine(done, { colours: false })).toBe('09:00:00 INFO  request completed GET /api/health 200 3 ms\n');
    const failed = JSON.stringify({ level: 50, time, msg: 'boom', err: { message: 'boom', stack: 'Error: boom\n    at x' } });
    expect(prettyLogLine(failed, { colours: true })).toContain('\u001b[31mERROR\u001b[0m boom\nError: boom\n    at x\n');
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(prettyLogLine('plain words', { colours: false })).toBe('plain words\n');
  });

  it('passes JSON that is not an entry (no object) through unchanged', () => {
    expect(prettyLogLine('null', { colours: false })).toBe('null\n');
    expect(prettyLogLine('[1,2]\n', { colours: false })).toBe('[1,2]\n');
    expect(prettyLogLine('"words"', { colours: false })).toBe('"words"\n');
  });
});
