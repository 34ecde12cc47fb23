import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Card } from '../../components/Page.tsx';
import layout from '../../styles/layout.module.css';
import { useFileDownload } from './useFileDownload.ts';
import { downloadBlob } from '../../lib/download.ts';
import { fetchResearchExport } from './researchExportDownload.ts';

/**
 * The research export of a community (issue 24 §3, docs/research.md), for its
 * managers, admins and researchers: the same ZIP as `kf export --research`
 * (pseudonymised, private notes left out), names in texts masked if asked.
 */
export const ResearchExportCard = ({ communityId }: { communityId: string }) => {
  const { t } = useTranslation();
  const [maskNames, setMaskNames] = useState(false);
  const { busy, failure, run } = useFileDownload();

  const download = () =>
    run(async () => {
      const { blob, fileName } = await fetchResearchExport(communityId, { maskNames });
      downloadBlob(fileName, blob);
    });

  return (
    <Card title={t('communitySettings.researchExport.title')}>
      <p className={layout.muted}>{t('communitySettings.researchExport.hint')}</p>
      <Checkbox
        label={t('communitySettings.researchExport.maskNames')}
        hint={t('communitySettings.researchExport.maskNamesHint')}
        checked={maskNames}
        onChange={(event) => setMaskNames(event.target.checked)}
        data-testid="research-export-mask"
      />
      <div>
        <Button type="button" variant="secondary" onClick={() => void download()} disabled={busy} data-testid="research-export-download">
          <Download size={16} aria-hidden="true" />{' '}
          {busy ? t('communitySettings.researchExport.busy') : t('communitySettings.researchExport.download')}
        </Button>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
    </Card>
  );
};
