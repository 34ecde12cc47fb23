/**
 * A dependency that cannot be opened at start, named with the setting that
 * points to it (issue 22 §5): "Redis at redis://127.0.0.1:6390
 * (BUILDON_REDIS_URL) does not answer: connect ECONNREFUSED …", not
 * "Connection is closed.".
 */
export class DependencyError extends Error {
  constructor(
    readonly dependency: string,
    readonly setting: string,
    readonly target: string,
    cause: unknown,
    verb = 'does not answer',
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${dependency} at ${target} (${setting}) ${verb}: ${reason}`, { cause });
    this.name = 'DependencyError';
  }
}

/** A URL without its password, for messages and logs. */
export const withoutPassword = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
};

/** Opens a dependency; a failure names it and its setting. */
export const opening = async <T>(
  dependency: string,
  setting: string,
  target: string,
  open: () => Promise<T> | T,
  verb?: string,
): Promise<T> => {
  try {
    return await open();
  } catch (error) {
    throw new DependencyError(dependency, setting, withoutPassword(target), error, verb);
  }
};
