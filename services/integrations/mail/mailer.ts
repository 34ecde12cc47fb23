import { createRequire } from 'node:module';
import type nodemailerModule from 'nodemailer';

/** nodemailer, loaded when an SMTP mailer is made: most servers have none, and loading it costs a start ~40 ms. */
const nodemailer = (): typeof nodemailerModule => createRequire(import.meta.url)('nodemailer') as typeof nodemailerModule;

/** One plain-text e-mail. */
export type MailMessage = { from: string; to: string; subject: string; text: string; replyTo?: string };

/** Sends e-mail. The embedded default sends nothing (no SMTP configured). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * A mailer over SMTP (nodemailer). `url` is an SMTP connection URL such as
 * `smtp://user:pass@mail.example.org:587` or `smtps://…:465`.
 */
export const smtpMailer = (url: string): Mailer => {
  // Bounded waits: the help form replies only once the mail is handed over (or has failed).
  const transport = nodemailer().createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    send: async (message) => {
      await transport.sendMail(message);
    },
    close: async () => {
      transport.close();
    },
  };
};
