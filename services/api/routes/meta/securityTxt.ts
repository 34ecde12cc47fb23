/**
 * `/.well-known/security.txt` (RFC 9116, issue 17 §7): where someone who finds
 * a hole in a school's Buildon reports it. The school sets the address
 * (`BUILDON_SECURITY_CONTACT`: an e-mail address or an https page); without
 * one, the file does not exist rather than name nobody.
 */

/** How long the file says it holds: RFC 9116 asks for less than a year; it is rewritten at every start. */
const validDays = 180;

/** The contact as the RFC writes it (`mailto:` or `https:`), or an error naming the setting. */
export const securityContactUri = (contact: string): string => {
  const trimmed = contact.trim();
  if (/^https:\/\/\S+$/.test(trimmed) || /^mailto:[^\s@]+@[^\s@]+$/.test(trimmed)) return trimmed;
  if (/^[^\s@:/]+@[^\s@/]+\.[^\s@/]+$/.test(trimmed)) return `mailto:${trimmed}`;
  throw new Error(`BUILDON_SECURITY_CONTACT must be an e-mail address or an https:// address (got ${JSON.stringify(contact)})`);
};

/** The file's text: contact, expiry, languages and, when Buildon knows its address, where the file canonically lives. */
export const securityTxt = (options: { contact: string; publicUrl?: string | undefined; now: Date }): string => {
  const expires = new Date(options.now.getTime() + validDays * 24 * 3600 * 1000);
  const lines = [
    `Contact: ${securityContactUri(options.contact)}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: fr, en',
  ];
  if (options.publicUrl) lines.push(`Canonical: ${new URL('/.well-known/security.txt', options.publicUrl).href}`);
  return `${lines.join('\n')}\n`;
};
