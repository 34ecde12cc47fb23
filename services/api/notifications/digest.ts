import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { notificationsStreamName, type NotificationEvent } from '../../../contracts/events/notification.ts';
import {
  notificationDigestsCollectionName,
  notificationsCollectionName,
  type NotificationDigestDocument,
  type NotificationDocument,
} from '../../../projections/notifications/index.ts';
import { usersCollectionName, type UserDocument } from '../../../projections/users/index.ts';
import type { Clock } from '../../core/clock.ts';
import type { EventStore } from '../../core/eventStore.ts';
import type { JobQueue } from '../../core/jobQueue.ts';
import type { ReadStore } from '../../core/readStore.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';

export type DigestDeps = {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: { waitFor(position: number): Promise<void> };
  clock: Clock;
  /** Null without BUILDON_SMTP_URL: nobody can ask for the e-mail then. */
  mail: { mailer: Mailer; from: string } | null;
  /** Buildon's address for the links in the e-mail ('' : paths only). */
  publicUrl: string;
};

/** The most notifications one e-mail lists (the rest: "and N more"). */
const maxListed = 30;
/** A first digest covers at most the last day. */
const dayMs = 24 * 3600_000;

type DigestTexts = {
  kind: Record<NotificationDocument['kind'], string>;
  someone: string;
  digest: { subject: string; intro: string; more: string; outro: string };
};
const textsByLanguage = new Map<string, DigestTexts | null>();
const localesDir = join(import.meta.dirname, '../../../web/src/i18n/locales/notifications');

/** The notification texts of the web client's `notifications` namespace in `language` (French when it has none). */
const textsOf = (language: string): DigestTexts => {
  if (!textsByLanguage.has(language)) {
    try {
      const file = JSON.parse(readFileSync(join(localesDir, `${language.replace(/[^A-Za-z_]/g, '')}.json`), 'utf8')) as {
        notifications: DigestTexts;
      };
      textsByLanguage.set(language, file.notifications.digest ? file.notifications : null);
    } catch {
      textsByLanguage.set(language, null);
    }
  }
  const texts = textsByLanguage.get(language);
  if (texts) return texts;
  if (language === 'fr') throw new Error('the French notification texts are missing (web/src/i18n/locales/notifications/fr.json)');
  return textsOf('fr');
};

const fill = (text: string, params: Record<string, string | number>): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));

/** The e-mail in the recipient's language: one line per unread notification, with its link. */
export const digestMail = (
  docs: readonly NotificationDocument[],
  publicUrl: string,
  language: string,
): { subject: string; text: string } => {
  const texts = textsOf(language);
  const lines = docs.slice(0, maxListed).map((doc) => {
    const sentence = fill(texts.kind[doc.kind], { name: doc.actorName || texts.someone, title: doc.title });
    return `- ${sentence} : ${publicUrl}/contribution/${doc.contributionId}`;
  });
  if (docs.length > maxListed) lines.push(fill(texts.digest.more, { n: docs.length - maxListed }));
  return {
    subject: fill(texts.digest.subject, { n: docs.length }),
    text: `${texts.digest.intro}\n\n${lines.join('\n')}\n\n${texts.digest.outro}\n`,
  };
};

/**
 * The daily e-mail of unread notifications (issue 18 §5), for the users who
 * asked for it, through the SMTP server of BUILDON_SMTP_URL. Each user gets
 * at most one e-mail per run, listing the unread notifications raised since
 * the last one (a day at most the first time), and nothing when there are
 * none. Choices and sendings are events on the user's notifications stream.
 */
export class NotificationDigests {
  constructor(private readonly deps: DigestDeps) {}

  get available(): boolean {
    return this.deps.mail !== null;
  }

  private get digests() {
    return this.deps.readStore.collection<NotificationDigestDocument>(notificationDigestsCollectionName);
  }

  /** The caller's choice; `available` when this server sends e-mail and the caller has an address. */
  async status(user: UserDocument): Promise<{ available: boolean; daily: boolean }> {
    const doc = await this.digests.get(user._id);
    return { available: this.available && user.email.trim() !== '', daily: doc?.daily ?? false };
  }

  async choose(user: UserDocument, daily: boolean): Promise<{ available: boolean; daily: boolean }> {
    await this.append(user._id, { type: 'NotificationDigestChosen', data: { userId: user._id, daily } }, user._id);
    return this.status(user);
  }

  /** Sends the digests due now; answers how many e-mails went out. A failed e-mail is retried at the next run. */
  async sendDue(log?: { warn?(obj: object, msg: string): void }): Promise<number> {
    const { mail } = this.deps;
    if (!mail) return 0;
    const now = this.deps.clock.now();
    let sent = 0;
    const choices = await this.digests.find({ daily: true });
    // One query for every opted-in user: a district has thousands of them.
    const users = new Map(
      (
        await this.deps.readStore.collection<UserDocument>(usersCollectionName).find({ _id: { $in: choices.map((choice) => choice._id) } })
      ).map((user) => [user._id, user]),
    );
    for (const choice of choices) {
      const user = users.get(choice._id);
      if (!user || user.blockLogin || !user.email.trim()) continue;
      const since = choice.sentUpTo ?? new Date(now.getTime() - dayMs).toISOString();
      const upTo = now.toISOString();
      const unread = await this.deps.readStore
        .collection<NotificationDocument>(notificationsCollectionName)
        .find({ userId: user._id, readAt: null, at: { $gt: since, $lte: upTo } }, { sort: { at: -1, _id: -1 } });
      if (unread.length === 0) continue;
      try {
        await mail.mailer.send({ from: mail.from, to: user.email, ...digestMail(unread, this.deps.publicUrl, user.lang || 'fr') });
      } catch (err) {
        log?.warn?.({ err: err instanceof Error ? err.message : String(err), userId: user._id }, 'notification digest not sent');
        continue;
      }
      await this.append(user._id, { type: 'NotificationDigestSent', data: { userId: user._id, upTo, count: unread.length } }, null);
      sent += 1;
    }
    return sent;
  }

  private async append(userId: string, event: NotificationEvent, actorId: string | null): Promise<void> {
    const metadata = { actorId, at: this.deps.clock.now().toISOString() };
    const result = await this.deps.eventStore.append(notificationsStreamName(userId), [{ ...event, metadata }], {
      expectedRevision: 'any',
    });
    await this.deps.projections.waitFor(result.lastPosition);
  }
}

/** Milliseconds from `now` to the next `hour` o'clock (local time), and that day's date (YYYY-MM-DD). */
export const nextRun = (now: Date, hour: number): { delayMs: number; day: string } => {
  const at = new Date(now);
  at.setHours(hour, 0, 0, 0);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return { delayMs: at.getTime() - now.getTime(), day };
};

export const digestJobName = 'notifications.digest';

/**
 * Runs the digests every day at `hour` (local time) as a job on the queue,
 * where the projections are applied: one job per day (its id names the day, so
 * several processes add it once), each run adding the next day's.
 */
export const startDigestJobs = (options: {
  queue: JobQueue;
  digests: NotificationDigests;
  clock: Clock;
  hour: number;
  log?: { warn?(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): void => {
  const { queue, digests, clock, hour, log } = options;
  const schedule = async (): Promise<void> => {
    const { delayMs, day } = nextRun(clock.now(), hour);
    await queue.add(digestJobName, {}, { jobId: `${digestJobName}-${day}`, delayMs });
  };
  queue.process<Record<string, never>, number>(digestJobName, async () => {
    try {
      return await digests.sendDue(log);
    } finally {
      await schedule();
    }
  });
  schedule().catch((err: unknown) => log?.error({ err }, 'the daily notification e-mails could not be scheduled'));
};
