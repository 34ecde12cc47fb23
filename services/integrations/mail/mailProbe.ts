import type { IntegrationProbe, IntegrationState } from '../integrationStatus.ts';

/**
 * Admin tools' line for e-mail (issue 18 §8): configured when both
 * `BUILDON_SMTP_URL` and `BUILDON_MAIL_TO` are set (the help form mails only
 * then), reachable when the SMTP server accepts a connection and its login
 * (nodemailer's verify, 3 s). `detail` is the server's host only: the URL's
 * user and password are never shown.
 */
export const mailProbe = (mail: { smtpUrl: string | null; to: string | null }): IntegrationProbe => ({
  name: 'mail',
  async check(): Promise<IntegrationState> {
    const { smtpUrl, to } = mail;
    if (!smtpUrl || !to) return { name: 'mail', configured: false, reachable: null, lastError: null, detail: null };
    const host = URL.canParse(smtpUrl) ? new URL(smtpUrl).host : null;
    // Loaded only where e-mail is configured: most servers have none, and loading it costs a start ~40 ms.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 3_000, greetingTimeout: 3_000, socketTimeout: 3_000 });
    try {
      await transport.verify();
      return { name: 'mail', configured: true, reachable: true, lastError: null, detail: host };
    } catch {
      return { name: 'mail', configured: true, reachable: false, lastError: null, detail: host };
    } finally {
      transport.close();
    }
  },
});
