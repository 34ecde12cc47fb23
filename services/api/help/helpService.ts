import type { Feedback } from '../../../contracts/api/communities.ts';
import { feedbackStreamName, type FeedbackSent } from '../../../contracts/events/feedback.ts';
import { feedbackCollectionName, type FeedbackDocument } from '../../../projections/feedback/index.ts';
import { usersCollectionName, type UserDocument } from '../../../projections/users/index.ts';
import { fieldError, ForbiddenError, ValidationError } from '../../core/errors.ts';
import type { FieldError } from '../../../contracts/errors.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import type { CommunityAccess } from '../communities/access.ts';
import { type MessageCode, messageReply, msg } from '../../../contracts/messageCodes.ts';

export type HelpServiceDeps = CommandDeps & {
  access: CommunityAccess;
  /** Set when BUILDON_SMTP_URL and BUILDON_MAIL_TO are: feedback is then also e-mailed. */
  mail: { mailer: Mailer; to: string; from: string } | null;
  log?: { error(obj: object, msg: string): void };
};

export type HelpInput = {
  email: string;
  subject: string;
  content: string;
  includeBrowser?: boolean;
  communityId?: string;
};

/**
 * The help form: every message is stored (an event admins can read) and,
 * when SMTP is configured, e-mailed to the administrators. A mail failure is
 * logged and does not lose the message.
 */
export class HelpService {
  constructor(private readonly deps: HelpServiceDeps) {}

  async send(user: UserDocument, input: HelpInput, userAgent: string | undefined): Promise<{ message: string; messageCode: MessageCode }> {
    const title = input.subject.trim();
    const content = input.content.trim();
    const errors: FieldError[] = [];
    if (!title) errors.push(fieldError('subject', msg('community.helpTitleRequired')));
    if (!content) errors.push(fieldError('content', msg('community.helpDescriptionRequired')));
    if (errors.length > 0) throw ValidationError.fields(errors);

    let communityTitle: string | null = null;
    if (input.communityId) {
      // Only a member may name a community in the message.
      communityTitle = await this.deps.access.member(user, input.communityId).then(
        (grant) => grant.community.title,
        () => null,
      );
    }
    const feedbackId = this.deps.ids.next();
    const event: FeedbackSent = {
      type: 'FeedbackSent',
      data: {
        feedbackId,
        userId: user._id,
        from: input.email.trim(),
        title,
        content,
        browser: input.includeBrowser ? (userAgent ?? '') : null,
        communityTitle,
      },
    };
    const result = await this.deps.eventStore.append(
      feedbackStreamName(feedbackId),
      [{ ...event, metadata: { actorId: user._id, at: this.deps.clock.now().toISOString() } }],
      { expectedRevision: 'no_stream' },
    );
    await this.deps.projections.waitFor(result.lastPosition);
    await this.mail(user, event.data);
    return messageReply(msg('community.helpSent'));
  }

  private async mail(user: UserDocument, data: FeedbackSent['data']): Promise<void> {
    const { mail } = this.deps;
    if (!mail) return;
    const lines = [
      `From: ${data.from || '(none)'}`,
      `User: ${user.userName} (${user.firstName} ${user.lastName}, ${user.email})`,
      ...(data.communityTitle !== null ? [`Community: ${data.communityTitle}`] : []),
      ...(data.browser !== null ? [`Browser: ${data.browser}`] : []),
      '',
      data.content,
    ];
    try {
      await mail.mailer.send({
        from: mail.from,
        to: mail.to,
        subject: `[Buildon feedback] ${data.title}`,
        text: lines.join('\n'),
        ...(/^[^\s@]+@[^\s@]+$/.test(data.from) ? { replyTo: data.from } : {}),
      });
    } catch (err) {
      this.deps.log?.error({ err, feedbackId: data.feedbackId }, 'feedback e-mail failed; the feedback is stored');
    }
  }

  /** Every feedback, newest first (admins). */
  async list(admin: UserDocument): Promise<Feedback[]> {
    if (admin.role !== 'admin') throw new ForbiddenError();
    const docs = await this.deps.readStore
      .collection<FeedbackDocument>(feedbackCollectionName)
      .find({}, { sort: { created: -1, _id: -1 } });
    const users = await this.deps.readStore
      .collection<UserDocument>(usersCollectionName)
      .find({ _id: { $in: [...new Set(docs.map((d) => d.userId))] } });
    const names = new Map(users.map((u) => [u._id, u.userName]));
    return docs.map((doc) => ({
      _id: doc._id,
      userId: doc.userId,
      userName: names.get(doc.userId) ?? '',
      from: doc.from,
      title: doc.title,
      content: doc.content,
      browser: doc.browser,
      communityTitle: doc.communityTitle,
      created: doc.created,
    }));
  }
}
