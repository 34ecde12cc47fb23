import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zip, type Zippable } from 'fflate';
import { msg } from '../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { EventStore } from '../../core/eventStore.ts';
import { ForbiddenError } from '../../core/errors.ts';
import { mayUseResearchApi } from '../../domain/access/researcher.ts';
import { exportResearch } from '../../app/researchExport.ts';
import type { CommunityAccess } from '../communities/access.ts';

/** Compressed off the event loop (fflate's workers): a class's export takes a second to deflate. */
const zipped = (files: Zippable): Promise<Uint8Array> =>
  new Promise((resolve, reject) => zip(files, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data))));

/**
 * The research export from the web (issue 24 §3): the same folder as
 * `kf export --community <id> --research <folder>` (services/app/researchExport.ts),
 * written to a temporary folder, zipped, the folder removed. The pseudonym key
 * is the research API's (`ResearchService.pseudonymKey`: the study secret when
 * configured), so the pseudonyms match its replies. Private notes are left out.
 */
export const researchExportZip = async (
  deps: { eventStore: EventStore; access: CommunityAccess; pseudonymKey: string },
  user: UserDocument,
  communityId: string,
  options: {
    maskNames: boolean;
    /** Runs once access is granted, before anything is read (the audit record, issue 17 §3). */ allowed?: () => Promise<void>;
  },
): Promise<Uint8Array> => {
  const grant = await deps.access.member(user, communityId);
  if (!mayUseResearchApi(grant.role)) throw new ForbiddenError(msg('community.researchOnly'));
  await options.allowed?.();
  const folder = mkdtempSync(join(tmpdir(), 'buildon-research-'));
  try {
    await exportResearch(deps.eventStore, communityId, folder, {
      secret: deps.pseudonymKey,
      includePrivate: false,
      maskNames: options.maskNames,
    });
    const files: Zippable = {};
    for (const name of readdirSync(folder).sort()) files[name] = readFileSync(join(folder, name));
    return await zipped(files);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};
