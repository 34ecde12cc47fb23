import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DigestReply, NotificationListReply } from '../../../contracts/api/notifications.ts';
import { call, canvasWorld, createContribution, type CanvasWorld, type Member } from '../../../tests/support/canvas.ts';
import { startSmtpCatcher } from '../../../tests/support/smtpCatcher.ts';
import { buildTestApp, type TestApp } from '../../../tests/support/testApp.ts';
import { digestMail, nextRun } from './digest.ts';
import type { NotificationDocument } from '../../../projections/notifications/index.ts';

/**
 * The daily e-mail of unread notifications (issue 18 §5) through a real SMTP
 * server on 127.0.0.1: only to those who asked, only what is unread and new
 * since the last one, never twice.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
let w: CanvasWorld;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await buildTestApp({
    config: {
      mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, to: null, from: 'buildon@ecole.example' },
      publicUrl: 'https://buildon.ecole.example',
    },
  });
  w = await canvasWorld(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const digest = (who: Member, daily?: boolean) =>
  daily === undefined
    ? call<DigestReply>(t, who.token, 'GET', '/api/notifications/digest')
    : call<DigestReply>(t, who.token, 'PUT', '/api/notifications/digest', { daily });

const unread = async (who: Member) =>
  (await call<NotificationListReply>(t, who.token, 'GET', '/api/notifications?unreadOnly=true')).body.unread;

/** `who` builds on `parent` with a contributed note; waits until `told` has one more unread notification. */
const buildOn = async (who: Member, parent: string, title: string, told: Member) => {
  const before = await unread(told);
  const created = await createContribution(w, who, { type: 'Note', placement: { viewId: w.welcomeViewId, x: 9, y: 9 }, buildsOn: parent });
  const id = created.contribution._id;
  const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] };
  const saved = await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${id}`, { revision: 0, title, body });
  expect(saved.status, saved.raw).toBe(200);
  await vi.waitFor(async () => expect(await unread(told)).toBe(before + 1), { timeout: 5_000 });
  return id;
};

const noteOf = async (who: Member, title: string) => {
  const created = await createContribution(w, who, { type: 'Note', placement: { viewId: w.welcomeViewId, x: 5, y: 5 } });
  const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] };
  await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${created.contribution._id}`, { revision: 0, title, body });
  return created.contribution._id;
};

/** A mail's body as read: quoted-printable undone (nodemailer encodes accents so). */
const decoded = (raw: string): string => {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
};

const sendDue = () => {
  const digests = t.infra.notificationDigests;
  if (!digests) throw new Error('no digests');
  return digests.sendDue();
};

describe('the daily notification e-mail', () => {
  it('goes to a pupil who asked for it, listing the unread notifications with their links, once', async () => {
    expect((await digest(w.writer)).body).toEqual({ available: true, daily: false });
    expect((await digest(w.writer, true)).body).toEqual({ available: true, daily: true });
    const mine = await noteOf(w.writer, 'Les ombres');
    const theirs = await buildOn(w.writer2, mine, 'Elles tournent avec le soleil', w.writer);
    // The classmate has a notification too, but never asked for the e-mail.
    await buildOn(w.writer, theirs, 'Pas seulement', w.writer2);

    expect(await sendDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toHaveLength(1);
    expect(mail?.from).toBe('buildon@ecole.example');
    const text = decoded(mail?.raw ?? '');
    expect(text).toContain(
      `a élaboré sur votre note avec « Elles tournent avec le soleil » : https://buildon.ecole.example/contribution/${theirs}`,
    );
    expect(text).toContain('Résumé quotidien par e-mail');
    expect(mail?.raw).toMatch(/Subject: .*Buildon/);
    // Nothing new since: no second e-mail.
    expect(await sendDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('leaves out what was read, and stops when the pupil unticks it', async () => {
    const mine = await noteOf(w.writer, 'La lune');
    await buildOn(w.writer2, mine, 'Elle change de forme', w.writer);
    expect((await call(t, w.writer.token, 'POST', '/api/notifications/read')).status).toBe(200);
    expect(await sendDue()).toBe(0);

    expect((await digest(w.writer, false)).body).toEqual({ available: true, daily: false });
    await buildOn(w.writer2, mine, 'Elle tourne autour de la Terre', w.writer);
    expect(await sendDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('is not offered by a server without SMTP', async () => {
    const plain = await buildTestApp();
    try {
      const world = await canvasWorld(plain);
      const status = await call<DigestReply>(plain, world.writer.token, 'GET', '/api/notifications/digest');
      expect(status.body).toEqual({ available: false, daily: false });
      expect((await call(plain, world.writer.token, 'PUT', '/api/notifications/digest', { daily: 'yes' })).status).toBe(400);
      expect((await plain.app.inject({ method: 'GET', url: '/api/notifications/digest' })).statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});

describe('the daily run', () => {
  it('is a job on the queue for the next 17:00 (BUILDON_DIGEST_HOUR), added when the server opens', async () => {
    const { day } = nextRun(new Date(), t.infra.config.digestHour);
    const status = await t.infra.queue.status(`notifications.digest-${day}`);
    expect(status.state).toBe('delayed');
  });
});

describe('nextRun', () => {
  it('is today at the hour when it is still to come, else tomorrow', () => {
    const morning = new Date(2026, 10, 29, 9, 30);
    expect(nextRun(morning, 17)).toEqual({ delayMs: 7.5 * 3600_000, day: '2026-11-29' });
    const evening = new Date(2026, 10, 29, 17, 0);
    expect(nextRun(evening, 17)).toEqual({ delayMs: 24 * 3600_000, day: '2026-11-30' });
    expect(nextRun(new Date(2026, 11, 31, 23, 0), 6).day).toBe('2027-01-01');
  });
});

describe('digestMail', () => {
  const doc = { kind: 'reference', actorName: 'Léa', title: 'Mes sources', contributionId: 'c1' } as NotificationDocument;
  it('speaks the recipient’s language, French for one Buildon lacks', () => {
    expect(digestMail([doc], 'https://b.example', 'en').text).toContain('- Léa quoted your note');
    expect(digestMail([doc], 'https://b.example', 'en').subject).toBe('Buildon: 1 unread notification(s)');
    expect(digestMail([doc], '', 'xx').text).toContain('- Léa a cité votre note dans « Mes sources » : /contribution/c1');
  });
});
