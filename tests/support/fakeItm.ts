import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A protocol fake of ITM, Knowledge Forum's Idea Thread Mapper (issue 18 §7):
 * a real HTTP server answering the calls of spec part 1 §7 with ITM's
 * `{code, desc, obj}` replies. `/IIUSs/*` calls must carry the server's key as
 * `token`; `/WSG/*` and `/ITM3/*` calls the token `/IIUSs/kf/user/token` gave.
 * It keeps one project with two threads and which notes each thread holds.
 * `failNext` makes the next calls answer 500, as a server down for a while.
 */
export type FakeItmCall = { path: string; body: Record<string, unknown> };

export type FakeItm = {
  url: string;
  key: string;
  /** Every call as received, in order. */
  calls: FakeItmCall[];
  /** How many of the next calls answer 500 (only calls to `failOnly` when it is set). */
  failNext: number;
  failOnly: string | null;
  /** Thread id → the note ids it holds. */
  threads: Map<number, Set<string>>;
  /** The calls to `path` so far. */
  callsTo(path: string): FakeItmCall[];
  close(): Promise<void>;
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
};

export const project = { id: 7, name: 'Projet Lumière' };
export const threadNames = new Map([
  [71, 'Pourquoi le ciel est bleu'],
  [72, 'Les ombres'],
]);

export const startFakeItm = async (): Promise<FakeItm> => {
  const key = `itm-key-${randomBytes(8).toString('hex')}`;
  const issued = new Set<string>();
  const calls: FakeItmCall[] = [];
  const threads = new Map([...threadNames.keys()].map((id) => [id, new Set<string>()]));
  const state = { failNext: 0, failOnly: null as string | null };
  const projectsWith = (keep: (threadId: number) => boolean) => [
    { ...project, threads: [...threadNames].filter(([id]) => keep(id)).map(([id, name]) => ({ id, name })) },
  ];
  const success = (res: ServerResponse, obj: unknown = null) => send(res, 200, { code: 'success', desc: 'ok', obj });
  const failure = (res: ServerResponse, desc: string) => send(res, 200, { code: 'failure', desc, obj: null });

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method !== 'POST') return send(res, 200, { name: 'fake ITM' });
      const body = await readBody(req);
      calls.push({ path, body });
      if (state.failNext > 0 && (state.failOnly === null || state.failOnly === path)) {
        state.failNext -= 1;
        return send(res, 500, { error: 'down' });
      }
      if (path.startsWith('/IIUSs/') && body.token !== key) return failure(res, 'bad token');
      if ((path.startsWith('/WSG/') || path.startsWith('/ITM3/')) && !issued.has(String(body.token))) return failure(res, 'bad token');
      switch (path) {
        case '/IIUSs/kf/user/token': {
          const token = `itm-session-${randomBytes(6).toString('hex')}`;
          issued.add(token);
          return success(res, { token, localDatabases: 'itm3' });
        }
        case '/IIUSs/project/get_by_user_id':
          return success(
            res,
            projectsWith(() => true),
          );
        case '/IIUSs/project/get_by_note_id': {
          const holding = projectsWith((id) => threads.get(id)?.has(String(body.note_id)) ?? false);
          return holding[0]?.threads.length ? success(res, holding) : failure(res, 'note in no thread');
        }
        case '/IIUSs/thread/note/add': {
          const thread = threads.get(Number(body.thread_id));
          if (!thread) return failure(res, 'no such thread');
          thread.add(String(body.note_id));
          return success(res);
        }
        case '/IIUSs/note/add':
        case '/WSG/note_note/add':
        case '/WSG/view_note/add':
        case '/WSG/view/add':
        case '/ITM3/msg/broadcast':
          return success(res);
        default:
          return send(res, 404, { error: 'unknown path' });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    calls,
    threads,
    get failNext() {
      return state.failNext;
    },
    set failNext(value: number) {
      state.failNext = value;
    },
    get failOnly() {
      return state.failOnly;
    },
    set failOnly(value: string | null) {
      state.failOnly = value;
    },
    callsTo: (path) => calls.filter((call) => call.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
