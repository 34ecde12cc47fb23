import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A protocol fake of an OpenAI-compatible chat-completions server for the writing help (issue 18
 * §3): a real HTTP server answering `POST /chat/completions` with `stream: true` as server-sent
 * events (`data: {"choices":[{"delta":{"content":"…"}}]}` then `data: [DONE]`), and `GET /models`,
 * checking the bearer key (401 with OpenAI's error body). Its answer is recognisable: `Réponse:`
 * then the user's text word by word, one event per word, `delayMs` apart, so a test sees the pieces
 * arrive. `failing` makes it answer 500; `firstDelayMs` holds the first piece back.
 */
export type FakeChatRequest = {
  model: string;
  stream: boolean;
  max_tokens?: number;
  temperature?: number;
  messages: { role: string; content: string }[];
};

export type FakeChatCompletions = {
  url: string;
  apiKey: string;
  model: string;
  requests: FakeChatRequest[];
  /** Every Authorization header received, in order. */
  authorizations: string[];
  failing: boolean;
  delayMs: number;
  firstDelayMs: number;
  close(): Promise<void>;
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const error = (res: ServerResponse, status: number, message: string, type: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const startFakeChatCompletions = async (): Promise<FakeChatCompletions> => {
  const apiKey = `sk-fake-${randomBytes(12).toString('hex')}`;
  const model = 'fake-model-1';
  const state = { failing: false, delayMs: 5, firstDelayMs: 0 };
  const requests: FakeChatRequest[] = [];
  const authorizations: string[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const authorization = req.headers.authorization ?? '';
      if (req.method === 'GET' && path === '/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model' }] }));
      }
      if (req.method !== 'POST' || path !== '/chat/completions') return error(res, 404, 'Not found', 'invalid_request_error');
      authorizations.push(authorization);
      let body: FakeChatRequest;
      try {
        body = JSON.parse(await readBody(req)) as FakeChatRequest;
      } catch {
        return error(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      }
      requests.push(body);
      if (authorization !== `Bearer ${apiKey}`) return error(res, 401, 'Incorrect API key provided.', 'invalid_request_error');
      if (body.model !== model) return error(res, 404, `The model ${body.model} does not exist`, 'invalid_request_error');
      if (state.failing) return error(res, 500, 'The server had an error while processing your request.', 'server_error');
      const user = body.messages.find((message) => message.role === 'user')?.content ?? '';
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.flushHeaders();
      const id = `chatcmpl-${randomBytes(6).toString('hex')}`;
      const event = (delta: Record<string, unknown>, finish: string | null = null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(': keep-alive\n\n');
      res.write(event({ role: 'assistant', content: '' }));
      await sleep(state.firstDelayMs);
      for (const [index, word] of ['Réponse:', ...user.split(/\s+/).filter(Boolean)].entries()) {
        if (res.destroyed) return;
        res.write(event({ content: `${index ? ' ' : ''}${word}` }));
        await sleep(state.delayMs);
      }
      res.write(event({}, 'stop'));
      res.end('data: [DONE]\n\n');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    model,
    requests,
    authorizations,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get firstDelayMs() {
      return state.firstDelayMs;
    },
    set firstDelayMs(value: number) {
      state.firstDelayMs = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** The environment that points Buildon at the fake (read by aiSettings). */
export const fakeChatCompletionsEnv = (fake: FakeChatCompletions): NodeJS.ProcessEnv => ({
  BUILDON_AI_URL: fake.url,
  BUILDON_AI_KEY: fake.apiKey,
  BUILDON_AI_MODEL: fake.model,
});
