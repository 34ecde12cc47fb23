import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { TextField } from '../../components/Field.tsx';
import { Card } from '../../components/Page.tsx';
import { downloadText, fetchTextFile } from '../../lib/download.ts';
import layout from '../../styles/layout.module.css';
import { useFileDownload } from './useFileDownload.ts';
import { kbdexUrl, type KbdexChoices } from './kbdexUrl.ts';

/**
 * The KBDeX file of a community (issue 24 §1), for its managers and its
 * researchers: the notes as of a day, since a day, with titles or private
 * notes if asked, people as pseudonyms if asked (always for a researcher, as
 * the server decides). Its button downloads and never submits anything.
 */
export const KbdexExportCard = ({ communityId, researcher = false }: { communityId: string; researcher?: boolean }) => {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<KbdexChoices>({
    at: '',
    since: '',
    withTitle: false,
    includePrivate: false,
    pseudonymise: researcher,
  });
  const { busy, failure, run } = useFileDownload();
  const problem = choices.at && choices.since && choices.since > choices.at ? t('communitySettings.kbdex.sinceAfterAt') : null;

  const download = () =>
    run(async () => {
      const { text, fileName } = await fetchTextFile(kbdexUrl(communityId, choices));
      downloadText(fileName ?? 'data.csv', text);
    });

  return (
    <Card title={t('communitySettings.kbdex.title')}>
      <p className={layout.muted}>{t('communitySettings.kbdex.hint')}</p>
      <TextField
        type="date"
        name="kbdex-at"
        label={t('communitySettings.kbdex.at')}
        hint={t('communitySettings.kbdex.atHint')}
        value={choices.at}
        onChange={(event) => setChoices((c) => ({ ...c, at: event.target.value }))}
      />
      <TextField
        type="date"
        name="kbdex-since"
        label={t('communitySettings.kbdex.since')}
        value={choices.since}
        error={problem ?? undefined}
        onChange={(event) => setChoices((c) => ({ ...c, since: event.target.value }))}
      />
      <Checkbox
        label={t('communitySettings.kbdex.withTitle')}
        checked={choices.withTitle}
        onChange={(event) => setChoices((c) => ({ ...c, withTitle: event.target.checked }))}
      />
      <Checkbox
        label={t('communitySettings.kbdex.includePrivate')}
        hint={t('communitySettings.kbdex.includePrivateHint')}
        checked={choices.includePrivate}
        onChange={(event) => setChoices((c) => ({ ...c, includePrivate: event.target.checked }))}
        data-testid="kbdex-private"
      />
      <Checkbox
        label={t('communitySettings.kbdex.pseudonymise')}
        hint={t('communitySettings.kbdex.pseudonymiseHint')}
        checked={choices.pseudonymise}
        disabled={researcher}
        onChange={(event) => setChoices((c) => ({ ...c, pseudonymise: event.target.checked }))}
        data-testid="kbdex-pseudonymise"
      />
      <div>
        <Button
          type="button"
          variant="secondary"
          onClick={() => void download()}
          disabled={busy || problem !== null}
          data-testid="kbdex-download"
        >
          <Download size={16} aria-hidden="true" /> {t('communitySettings.kbdex.download')}
        </Button>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
    </Card>
  );
};
