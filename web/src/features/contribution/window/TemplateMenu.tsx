import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { FileStack } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { buttonClass } from '../../../components/Button.tsx';
import type { ObjectReply } from '../api/objects.ts';
import { createFromTemplate, useTemplates } from '../api/templates.ts';
import styles from './TemplateMenu.module.css';
import { failureText } from '../../../components/serverMessage.ts';

/**
 * Below the editor: "new note from template". Lists the community's template
 * scaffolds; the new note starts with the template's supports, builds on this
 * note and is placed at its ref +100,+100 in the view the window belongs to,
 * then opens.
 */
export const TemplateMenu = ({
  object,
  viewId,
  onOpen,
}: {
  object: ObjectReply;
  viewId: string | null;
  onOpen: (contributionId: string) => void;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const templates = useTemplates(object.communityId, true);
  const list = templates.data ?? [];
  if (list.length === 0) return null;

  const make = async (templateId: string) => {
    setBusy(true);
    setFailed(null);
    try {
      const reply = await createFromTemplate(object.communityId, { templateId, buildsOn: object._id, ...(viewId ? { viewId } : {}) });
      onOpen(reply.contribution._id);
    } catch (error) {
      setFailed(failureText(error, t('multilanguage.templates.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={setOpen}>
        <DropdownMenu.Trigger asChild>
          <button type="button" className={buttonClass('secondary')} disabled={busy} data-testid="new-from-template">
            <FileStack size={18} aria-hidden="true" />
            {t('multilanguage.templates.button')}
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className={styles.menu}
            sideOffset={4}
            aria-label={t('multilanguage.templates.choose')}
            data-testid="template-menu"
          >
            <DropdownMenu.Label className={styles.label}>{t('multilanguage.templates.choose')}</DropdownMenu.Label>
            {list.map((template) => (
              <DropdownMenu.Item
                key={template._id}
                className={styles.item}
                onSelect={() => void make(template._id)}
                data-testid="template-choice"
                data-template={template._id}
              >
                {template.title}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {failed && (
        <Alert tone="error" testId="template-error">
          {failed}
        </Alert>
      )}
    </>
  );
};
