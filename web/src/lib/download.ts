import { ApiError } from './api.ts';
import { tokenStore } from './tokenStore.ts';

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

/** Starts a browser download of a text file. */
export const downloadText = (fileName: string, text: string, type = 'text/csv;charset=utf-8'): void =>
  downloadBlob(fileName, new Blob([text], { type }));

/** The file name in a Content-Disposition header (the UTF-8 `filename*` first), or null. */
export const fileNameOf = (disposition: string | null): string | null => {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall back to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
};

/**
 * Fetches a file the server makes for the signed-in user (a CSV, an archive),
 * with their token; a refusal is an ApiError carrying the server's message.
 * Answers the response and the file name the server gives.
 */
const fetchFile = async (
  url: string,
  accept: string,
  post?: { body: unknown },
): Promise<{ response: Response; fileName: string | null }> => {
  const token = tokenStore.get();
  const response = await fetch(url, {
    ...(post ? { method: 'POST', body: JSON.stringify(post.body) } : {}),
    headers: { accept, ...(post ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    throw new ApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
  }
  return { response, fileName: fileNameOf(response.headers.get('content-disposition')) };
};

/** GETs a file the server makes for the signed-in user (a CSV export): its text and the name the server gives it. */
export const fetchTextFile = async (url: string, accept = 'text/csv'): Promise<{ text: string; fileName: string | null }> => {
  const { response, fileName } = await fetchFile(url, accept);
  return { text: await response.text(), fileName };
};

/** POSTs `body` for a file the server makes (an archive): its bytes and the name the server gives it. */
export const postForFile = async (url: string, body: unknown, accept: string): Promise<{ blob: Blob; fileName: string | null }> => {
  const { response, fileName } = await fetchFile(url, accept, { body });
  return { blob: await response.blob(), fileName };
};
