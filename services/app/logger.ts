import { pino, type Logger } from 'pino';

/**
 * What never reaches a log line (issue 20 §5): bearer tokens, cookies,
 * passwords and keys, wherever a log call puts them.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.token',
  '*.registrationKey',
  '*.managerRegistrationKey',
];

/**
 * A request URL with the values of its secret parameters hidden: `token` (old
 * clients put one on the socket URL), and the single-use `code` and the `state`
 * of an OAuth redirect (Google's consent comes back with them in the URL);
 * and the `text` of a KF6 translation (`GET /api/translate?text&language`): a
 * pupil's note is content, not a log's business.
 */
export const redactUrl = (url: string): string => url.replace(/([?&](?:token|code|state|text)=)[^&#]*/gi, '$1[redacted]');

/** Structured JSON logs; human-readable when a person watches a terminal. */
export const createLogger = (level: string, destination?: pino.DestinationStream): Logger =>
  pino(
    {
      level,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      serializers: {
        req: (req: { method?: string; url?: string; hostname?: string; remoteAddress?: string }) => ({
          method: req.method,
          url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
          hostname: req.hostname,
          remoteAddress: req.remoteAddress,
        }),
      },
      ...(process.stdout.isTTY && !destination ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
    },
    ...(destination ? [destination] : []),
  );

/** What the composition root logs through: a pino logger, or a test's recorder. */
export type AppLog = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
};
