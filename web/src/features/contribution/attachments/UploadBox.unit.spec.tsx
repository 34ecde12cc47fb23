// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/index.ts';
import { UploadBox } from './UploadBox.tsx';

/**
 * Issue 17 §5: an upload refused by an abuse limit (the community's share of
 * the storage is full, or too many files in a minute) says so in French in
 * the upload box, from the problem's message code, never the English text.
 */

/** The browser's XMLHttpRequest answering every upload with `status` and `body`. */
const answerUploads = (status: number, body: unknown) => {
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      this.status = status;
      this.responseText = JSON.stringify(body);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
};

const chooseFile = () => {
  render(<UploadBox communityId="c1" prepare={async () => 'a1'} onUploaded={() => undefined} label="Envoyer un fichier" />);
  fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['0123'], 'releve.png', { type: 'image/png' })] } });
};

describe('UploadBox refusals', () => {
  beforeAll(async () => {
    const i18n = await initI18n();
    await i18n.changeLanguage('fr');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the full community share in French', async () => {
    const params = { used: 498, quota: 500 };
    answerUploads(413, {
      status: 413,
      code: 'validation',
      message: 'This community has no room left for this file (498 MB of 500 MB used): it was not saved. Tell your teacher.',
      messageCode: 'limits.communityQuotaFull',
      params,
      errors: [{ field: 'file', message: 'This community has no room left', messageCode: 'limits.communityQuotaFull', params }],
    });
    chooseFile();
    await waitFor(() => expect(screen.getByTestId('upload-error').textContent).toContain('Prévenez votre enseignant'));
    expect(screen.getByTestId('upload-error').textContent).toBe(
      "Échec de l'envoi du fichier. (La communauté n'a plus assez de place pour ce fichier (498 Mo utilisés sur 500 Mo) : il n'a pas été enregistré. Prévenez votre enseignant.)",
    );
  });

  it('shows the upload rate limit in French, with the wait', async () => {
    answerUploads(429, {
      status: 429,
      code: 'rate_limited',
      message: 'Too many files sent in a short time: wait 2 s, then send this one again.',
      messageCode: 'limits.tooManyUploads',
      params: { seconds: 2 },
    });
    chooseFile();
    await waitFor(() =>
      expect(screen.getByTestId('upload-error').textContent).toBe(
        "Échec de l'envoi du fichier. (Trop de fichiers envoyés en peu de temps : attendez 2 s, puis renvoyez celui-ci.)",
      ),
    );
  });
});
