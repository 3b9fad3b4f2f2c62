import path from 'node:path';
import type { Config } from '../config/env';

/**
 * What `npm start` prints first on a terminal: the address, each part in use (a real service, or the
 * stand-in the embedded default runs on and where its output goes) and the variables that switch a
 * stand-in to a real service. Off a terminal the log's JSON lines say the same (main.ts).
 */
export function startBanner(config: Config, options: { colours: boolean; root?: string }): string {
  const bold = (text: string) => (options.colours ? `\u001b[1m${text}\u001b[0m` : text);
  const dim = (text: string) => (options.colours ? `\u001b[90m${text}\u001b[0m` : text);
  const where = (folder: string) => {
    const relative = path.relative(options.root ?? process.cwd(), path.resolve(config.DATA_DIR, folder));
    return relative.startsWith('..') ? path.resolve(config.DATA_DIR, folder) : relative;
  };
  const rows: [string, string, string | undefined][] = [
    config.DATABASE_URL
      ? ['Database', 'PostgreSQL (DATABASE_URL)', undefined]
      : ['Database', `embedded PGlite, stand-in for PostgreSQL, in ${where('pglite')}/`, 'DATABASE_URL=postgres://...'],
    config.STORAGE === 's3'
      ? ['Storage', `S3 bucket ${config.S3_BUCKET ?? ''}`, undefined]
      : ['Storage', `local files, stand-in for S3, in ${where('files')}/`, 'STORAGE=s3 and S3_*'],
    config.SMTP_URL
      ? ['Mail', 'sent through SMTP_URL', undefined]
      : [
          'Mail',
          `outbox stand-in: every e-mail, sign-in links included, is a file in ${where('outbox')}/*.eml (and its link is logged)`,
          'SMTP_URL and MAIL_FROM',
        ],
    config.PAYMENTS === 'stripe'
      ? ['Payments', 'Stripe', undefined]
      : [
          'Payments',
          'local stand-in for Stripe: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
          'PAYMENTS=stripe and STRIPE_*',
        ],
    config.IMAGE_ENGINE === 'local'
      ? [
          'Image engine',
          'local stand-in, no AI: recolours your photo and places the items on it, a few seconds a design',
          'IMAGE_ENGINE=gemini (GEMINI_API_KEY) or IMAGE_ENGINE=openai (OPENAI_API_KEY)',
        ]
      : ['Image engine', config.IMAGE_ENGINE, undefined],
    config.VISION_ENGINE === 'local'
      ? ['Vision engine', 'local stand-in, no AI: measures colours and reads your own words', 'VISION_ENGINE=gemini or openai']
      : ['Vision engine', config.VISION_ENGINE, undefined],
  ];
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  const lines = rows.flatMap(([name, what, toReal]) => [
    `  ${bold(name.padEnd(width))}${what}`,
    ...(toReal ? [`  ${' '.repeat(width)}${dim(`real one: ${toReal}`)}`] : []),
  ]);
  const standIns = rows.filter(([, , toReal]) => toReal).length;
  return [
    '',
    `  ${bold('Room Visualizer')} is serving on ${bold(config.PUBLIC_URL)}`,
    '',
    ...lines,
    '',
    `  ${standIns ? `${standIns} stand-ins in use: set the variables above (README, 'Configuration') for the real services.` : 'No stand-ins: every service is real.'}`,
    `  ${dim('Readable logs follow; LOG_FORMAT=json for JSON lines. Ctrl-C stops.')}`,
    '',
    '',
  ].join('\n');
}
