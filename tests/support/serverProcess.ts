import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** The port the server with this pid wrote in its lock (`server.json`) once listening, or null. */
const lockedPort = (dataDir: string, pid: number | undefined): number | null => {
  try {
    const lock = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { pid: number; port: number };
    return lock.pid === pid && lock.port > 0 ? lock.port : null;
  } catch {
    return null; // not written yet (or a stale one being replaced)
  }
};

/**
 * Starts `tsx services/api/main.ts` as the README's `npm start` does (minus the
 * web build) over `dataDir`, and waits until it answers. It listens on PORT=0 and
 * names the port it got in its lock file: a port chosen here and freed before the
 * server binds it could be taken meanwhile by another process.
 */
export const startServer = async (
  dataDir: string,
  env: Record<string, string> = {},
  // Node's arguments: the sources through tsx, or a compiled bundle (`dist/api/main.js`).
  args: readonly string[] = ['--import', 'tsx', 'services/api/main.ts'],
): Promise<ServerProcess> => {
  // One process (`node --import tsx`), not the tsx CLI, which runs the server
  // in a child: a SIGKILL must hit the server itself.
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BUILDON_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let url = '';

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const port = lockedPort(dataDir, child.pid);
    if (port !== null) {
      url = `http://127.0.0.1:${port}`;
      try {
        if ((await fetch(`${url}/api/version`)).ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
};
