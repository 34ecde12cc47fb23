import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A protocol fake of LibreTranslate for the translation integration (issue 18
 * §4): a real HTTP server answering `POST /translate` with LibreTranslate's
 * JSON (`{q, source, target, format, api_key}` → `{translatedText,
 * detectedLanguage}`) and `GET /languages`, checking the API key as
 * LibreTranslate does (403 `{error}`). Its "translation" is recognisable:
 * `[target] ` before the text, so a test can tell which chunk went where.
 * `failing` makes every translation answer 500, as a broken server does.
 */
export type FakeTranslateRequest = { q: string; source: string; target: string; format: string; api_key?: string };

export type FakeLibreTranslate = {
  url: string;
  apiKey: string;
  /** Every /translate body as received, in order. */
  requests: FakeTranslateRequest[];
  /** When true, /translate answers 500. */
  failing: boolean;
  close(): Promise<void>;
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const languages = [
  { code: 'en', name: 'English', targets: ['en', 'fr', 'zh'] },
  { code: 'fr', name: 'French', targets: ['en', 'fr', 'zh'] },
  { code: 'zh', name: 'Chinese', targets: ['en', 'fr', 'zh'] },
];

export const startFakeLibreTranslate = async (): Promise<FakeLibreTranslate> => {
  const apiKey = `key-${randomBytes(12).toString('hex')}`;
  const state = { failing: false };
  const requests: FakeTranslateRequest[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method === 'GET' && path === '/languages') return send(res, 200, languages);
      if (req.method !== 'POST' || path !== '/translate') return send(res, 404, { error: 'Not Found' });
      let body: FakeTranslateRequest;
      try {
        body = JSON.parse(await readBody(req)) as FakeTranslateRequest;
      } catch {
        return send(res, 400, { error: 'Invalid request: malformed JSON' });
      }
      requests.push(body);
      if (body.api_key !== apiKey) return send(res, 403, { error: 'Invalid API key' });
      if (typeof body.q !== 'string' || !body.q) return send(res, 400, { error: 'Invalid request: missing q parameter' });
      if (!languages.some((l) => l.code === body.target)) return send(res, 400, { error: `${body.target} is not supported` });
      if (state.failing) return send(res, 500, { error: 'Cannot translate text: model failed' });
      return send(res, 200, {
        translatedText: `[${body.target}] ${body.q.trimEnd()}`,
        detectedLanguage: { confidence: 90, language: 'fr' },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The environment that points Buildon at the fake (read by translateSettings). */
export const fakeLibreTranslateEnv = (fake: FakeLibreTranslate): NodeJS.ProcessEnv => ({
  BUILDON_TRANSLATE_URL: fake.url,
  BUILDON_TRANSLATE_KEY: fake.apiKey,
});
