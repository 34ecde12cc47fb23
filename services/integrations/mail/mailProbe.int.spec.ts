import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailProbe } from './mailProbe.ts';

/**
 * Admin tools' e-mail line (issue 18 §8) against a local server speaking the little of SMTP a
 * connection check needs (greeting, EHLO, AUTH PLAIN, QUIT), and against a closed port.
 */
let server: Server;
let port = 0;
const auths: string[] = [];

beforeAll(async () => {
  server = createServer((socket) => {
    socket.write('220 fake.smtp ESMTP\r\n');
    let buffer = '';
    socket.on('data', (data: Buffer) => {
      buffer += data.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.smtp\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (verb === 'AUTH') {
          auths.push(line);
          socket.write('235 2.7.0 Authentication successful\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        end = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mailProbe', () => {
  it('is not configured without both the SMTP URL and the recipient', async () => {
    expect(await mailProbe({ smtpUrl: null, to: 'admin@school.example' }).check()).toMatchObject({ configured: false, reachable: null });
    expect(await mailProbe({ smtpUrl: `smtp://127.0.0.1:${port}`, to: null }).check()).toMatchObject({ configured: false });
  });

  it('reaches a server that greets and accepts the login, and shows its host but never the password', async () => {
    const state = await mailProbe({ smtpUrl: `smtp://buildon:s3cret-pass@127.0.0.1:${port}`, to: 'admin@school.example' }).check();
    expect(state).toEqual({ name: 'mail', configured: true, reachable: true, lastError: null, detail: `127.0.0.1:${port}` });
    expect(JSON.stringify(state)).not.toContain('s3cret-pass');
    expect(auths.length).toBeGreaterThan(0);
  });

  it('says unreachable when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const state = await mailProbe({ smtpUrl: `smtp://127.0.0.1:${closedPort}`, to: 'admin@school.example' }).check();
    expect(state).toMatchObject({ configured: true, reachable: false, detail: `127.0.0.1:${closedPort}` });
  });
});
