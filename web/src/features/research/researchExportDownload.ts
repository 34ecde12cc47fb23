import { postForFile } from '../../lib/download.ts';

/** POSTs the research export (issue 24 §3) and gives the ZIP with the name the server gives it. */
export const fetchResearchExport = async (
  communityId: string,
  options: { maskNames: boolean },
): Promise<{ blob: Blob; fileName: string }> => {
  const { blob, fileName } = await postForFile(
    `/api/research/${encodeURIComponent(communityId)}/export`,
    { maskNames: options.maskNames },
    'application/zip',
  );
  return { blob, fileName: fileName ?? `research-${communityId}.zip` };
};
