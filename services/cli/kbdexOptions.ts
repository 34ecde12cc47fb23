import type { KbdexOptions } from '../domain/research/kbdex.ts';

export type KbdexFlags = {
  at?: string;
  since?: string;
  views?: string;
  'with-title'?: boolean;
  'include-private'?: boolean;
  pseudonymise?: boolean;
};

const instant = (flag: string, value: string): string => {
  if (!/^\d{4}-\d\d-\d\d/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new Error(`--${flag} must be an ISO-8601 date or instant (got "${value}")`);
  }
  return new Date(Date.parse(value)).toISOString();
};

/**
 * `kf export --kbdex`'s options from its flags; an Error names the flag that
 * is wrong. `studySecret` (--study-secret or BUILDON_STUDY_SECRET, '' when
 * neither) keys `--pseudonymise`'s pseudonyms: the research export's.
 */
export const kbdexOptions = (flags: KbdexFlags, studySecret = ''): KbdexOptions => {
  if (flags.pseudonymise && studySecret === '') {
    throw new Error('--pseudonymise needs the study secret: --study-secret <s> or BUILDON_STUDY_SECRET');
  }
  const at = flags.at === undefined ? undefined : instant('at', flags.at);
  const from = flags.since === undefined ? undefined : instant('since', flags.since);
  if (at && from && from > at) throw new Error('--since must not be later than --at');
  const viewIds = flags.views?.split(',').map((id) => id.trim());
  if (viewIds?.some((id) => !/^[0-9a-f]{24}$/.test(id))) {
    throw new Error('--views must be view ids (24 hexadecimal characters) separated by commas');
  }
  return {
    ...(at ? { at } : {}),
    ...(from ? { from } : {}),
    ...(viewIds ? { viewIds } : {}),
    withTitle: flags['with-title'] === true,
    includePrivate: flags['include-private'] === true,
    ...(flags.pseudonymise ? { pseudonymise: { key: studySecret } } : {}),
  };
};
