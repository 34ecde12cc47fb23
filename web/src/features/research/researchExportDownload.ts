import { ApiError } from '../../lib/api.ts';
import { fileNameOf } from '../../lib/download.ts';
import { tokenStore } from '../../lib/tokenStore.ts';

/** POSTs the research export (issue 24 §3) and gives the ZIP with the name the server gives it. */
export const fetchResearchExport = async (
  communityId: string,
  options: { maskNames: boolean },
): Promise<{ blob: Blob; fileName: string }> => {
  const token = tokenStore.get();
  const response = await fetch(`/api/research/${encodeURIComponent(communityId)}/export`, {
    method: 'POST',
    headers: { accept: 'application/zip', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ maskNames: options.maskNames }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    throw new ApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
  }
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? `research-${communityId}.zip`;
  return { blob: await response.blob(), fileName };
};

/** Starts a browser download of a blob. */
export const downloadBlob = (fileName: string, blob: Blob): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
