import { pino, type Logger } from 'pino';

/** Structured JSON logs; human-readable when a person watches a terminal. */
export const createLogger = (level: string): Logger =>
  pino({
    level,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  });
