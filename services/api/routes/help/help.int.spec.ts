import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityAdmin, Feedback } from '../../../../contracts/api/communities.ts';
import { createCommunity, joinCommunity } from '../../../../tests/support/communities.ts';
import { bearer, fastTestHasher, tempDataDir, testConfig } from '../../../../tests/support/testApp.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../../app/config.ts';
import { openInfrastructure, type Infrastructure } from '../../../app/infrastructure.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';
import { startSmtpCatcher } from '../../../../tests/support/smtpCatcher.ts';

type Problem = { message: string; errors?: { field: string; message: string }[] };
/** An app over its own temp storage with this mail configuration. */
const appWithMail = async (mail: Config['mail']) => {
  const dataDir = tempDataDir();
  const infra: Infrastructure = await openInfrastructure(testConfig(dataDir, { mail }), { passwords: fastTestHasher });
  const app: FastifyInstance = await buildApp({ services: infra, jwtSecret: infra.secret, webRoot: null });
  const login = async (userName: string, password: string) =>
    (await app.inject({ method: 'POST', url: '/auth/local', payload: { userName, password } })).json<{ token: string }>().token;
  await infra.accounts.register({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    userName: 'ada',
    password: 'secret-pass-1',
  });
  return {
    app,
    infra,
    userToken: await login('ada', 'secret-pass-1'),
    close: async () => {
      await app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const send = (app: FastifyInstance, token: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/help/send', headers: { ...bearer(token), ...headers }, payload });

describe('POST /api/help/send and GET /api/help/feedback', () => {
  let admin: { token: string; id: string };
  let writer: { token: string; id: string };
  let community: CommunityAdmin;

  const t = useTestApp();
  beforeAll(async () => {
    admin = await t.admin();
    writer = await t.register('writer1');
    community = await createCommunity(t, admin.token, 'Help community');
    await joinCommunity(t, writer.token, writer.id, community._id, 'writer-key');
  });

  it('names the empty title and description with the spec messages', async () => {
    const response = await send(t.app, writer.token, { email: 'w@example.org', subject: ' ', content: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors).toEqual([
      { field: 'subject', message: 'Title feild can not be empty.', messageCode: 'community.helpTitleRequired' },
      { field: 'content', message: 'Description feild can not be empty.', messageCode: 'community.helpDescriptionRequired' },
    ]);
    const noContent = await send(t.app, writer.token, { email: '', subject: 'Hi', content: ' ' });
    expect(noContent.json<Problem>().message).toBe('Description feild can not be empty.');
  });

  it('stores the feedback, with the browser and community only when asked and allowed', async () => {
    const ok = await send(
      t.app,
      writer.token,
      { email: 'w@example.org', subject: 'Bug', content: 'It broke', includeBrowser: true, communityId: community._id },
      { 'user-agent': 'TestBrowser/1.0' },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your feedback has been sent to the administrator. ', messageCode: 'community.helpSent' });
    await send(t.app, writer.token, { email: '', subject: 'Plain', content: 'No extras' }, { 'user-agent': 'TestBrowser/1.0' });
    const outsider = await t.register('outsider1');
    await send(t.app, outsider.token, { email: '', subject: 'Nosy', content: 'Which community?', communityId: community._id });

    const list = await t.app.inject({ method: 'GET', url: '/api/help/feedback', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    const feedback = list.json<Feedback[]>();
    expect(feedback.map((f) => f.title)).toEqual(['Nosy', 'Plain', 'Bug']);
    expect(feedback[2]).toMatchObject({
      userName: 'writer1',
      from: 'w@example.org',
      content: 'It broke',
      browser: 'TestBrowser/1.0',
      communityTitle: 'Help community',
    });
    expect(feedback[1]).toMatchObject({ browser: null, communityTitle: null });
    expect(feedback[0]).toMatchObject({ userName: 'outsider1', communityTitle: null });
  });

  it('shows feedback to admins only and needs a login to send', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/help/feedback', headers: bearer(writer.token) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/help/send', payload: { email: '', subject: 'a', content: 'b' } })).statusCode,
    ).toBe(401);
  });
});

describe('help e-mail over SMTP', () => {
  it('delivers the feedback to BUILDON_MAIL_TO through a real SMTP server', async () => {
    const smtp = await startSmtpCatcher();
    const server = await appWithMail({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, to: 'admins@example.org', from: 'buildon@example.org' });
    try {
      const response = await send(server.app, server.userToken, {
        email: 'ada@example.org',
        subject: 'Canvas frozen',
        content: 'The view stopped moving.',
      });
      expect(response.statusCode).toBe(200);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.to).toEqual(['admins@example.org']);
      expect(mail?.from).toBe('buildon@example.org');
      expect(mail?.raw).toContain('Subject: [Buildon feedback] Canvas frozen');
      expect(mail?.raw).toContain('The view stopped moving.');
      expect(mail?.raw).toMatch(/Reply-To: ada@example\.org/i);
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  it('stores the feedback and answers 200 when the mail cannot be sent', async () => {
    // Port 1: nothing listens there (a port freed by a closed catcher could be taken again by a parallel test).
    const server = await appWithMail({ smtpUrl: 'smtp://127.0.0.1:1', to: 'admins@example.org', from: 'buildon@example.org' });
    try {
      const response = await send(server.app, server.userToken, { email: '', subject: 'Lost mail', content: 'Still stored' });
      expect(response.statusCode).toBe(200);
      const admin = await server.infra.accounts.createOrPromoteAdmin({ userName: 'root', password: 'root-pass' });
      const token = (
        await server.app.inject({ method: 'POST', url: '/auth/local', payload: { userName: 'root', password: 'root-pass' } })
      ).json<{ token: string }>().token;
      expect(admin.user.role).toBe('admin');
      const list = (await server.app.inject({ method: 'GET', url: '/api/help/feedback', headers: bearer(token) })).json<Feedback[]>();
      expect(list.map((f) => f.title)).toEqual(['Lost mail']);
    } finally {
      await server.close();
    }
  });
});
