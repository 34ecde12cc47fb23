import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scaffold } from '../../../../../contracts/api/communities.ts';
import type { Template } from '../../../../../contracts/api/templates.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { Card } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { api } from '../../../lib/api.ts';
import layout from '../../../styles/layout.module.css';

const templatesKey = (communityId: string) => ['communities', communityId, 'templates'] as const;

/**
 * Community settings: which scaffolds are note templates (managers). A
 * change applies at once; the note window offers the templates below the
 * editor ("new note from template").
 */
export const TemplatesCard = ({ communityId, scaffolds, canSave }: { communityId: string; scaffolds: Scaffold[]; canSave: boolean }) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // The box follows the click at once; a failure puts it back.
  const [local, setLocal] = useState<Record<string, boolean>>({});
  const templates = useQuery({
    queryKey: templatesKey(communityId),
    queryFn: () => api.request<Template[]>(`/api/communities/${encodeURIComponent(communityId)}/templates`),
  });
  const mark = useMutation({
    mutationFn: ({ scaffoldId, isTemplate }: { scaffoldId: string; isTemplate: boolean }) =>
      api.request<Template>(`/api/scaffolds/${encodeURIComponent(scaffoldId)}/template`, { method: 'PUT', body: { isTemplate } }),
    onSuccess: () => {
      setFailure(null);
      void client.invalidateQueries({ queryKey: templatesKey(communityId) });
    },
    onError: (error, { scaffoldId }) => {
      setLocal(({ [scaffoldId]: _dropped, ...rest }) => rest);
      setFailure(serverMessage(error) ?? t('multilanguage.templates.saveFailed'));
    },
  });
  const ids = new Set((templates.data ?? []).map((template) => template._id));
  return (
    <Card title={t('multilanguage.templates.cardTitle')}>
      <p className={layout.muted}>{t('multilanguage.templates.cardHint')}</p>
      <div data-testid="template-flags">
        {scaffolds.map((scaffold) => (
          <Checkbox
            key={scaffold._id}
            label={t('multilanguage.templates.mark', { title: scaffold.title })}
            checked={local[scaffold._id] ?? ids.has(scaffold._id)}
            disabled={!canSave || templates.isPending}
            onChange={(event) => {
              const isTemplate = event.target.checked;
              setLocal((current) => ({ ...current, [scaffold._id]: isTemplate }));
              mark.mutate({ scaffoldId: scaffold._id, isTemplate });
            }}
            data-scaffold={scaffold._id}
          />
        ))}
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
    </Card>
  );
};
