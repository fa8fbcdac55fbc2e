import type { FastifyBaseLogger } from 'fastify';

export type LogCall = { level: string; args: unknown[] };

/** A FastifyBaseLogger that keeps every call, so tests can read exactly what would be logged. */
export function recordingLogger(calls: LogCall[]): FastifyBaseLogger {
  const make =
    (level: string) =>
    (...args: unknown[]) => {
      calls.push({ level, args });
    };
  const logger = {
    level: 'info',
    fatal: make('fatal'),
    error: make('error'),
    warn: make('warn'),
    info: make('info'),
    debug: make('debug'),
    trace: make('trace'),
    silent: make('silent'),
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}
