import { Eraser, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { TextField } from '../../../components/Field.tsx';
import { OutcomeAlert, type Outcome } from '../../../components/Outcome.tsx';
import { Card, Page } from '../../../components/Page.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextArea } from '../../../components/TextArea.tsx';
import { ApiError } from '../../../lib/api.ts';
import type { UserProfile } from '../../../lib/session.ts';
import { useMyCommunities, useSendHelp } from '../api/help.ts';
import { validateHelp } from '../validation.ts';
import layout from '../../../styles/layout.module.css';
import { useMessageText } from '../../../lib/messages.ts';

/** `/help/`: from, title, description, the two include boxes, clear and send. */
export const HelpPage = ({ me }: { me: UserProfile }) => {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const send = useSendHelp();
  const communities = useMyCommunities();
  const empty = { email: me.email, subject: '', content: '', includeBrowser: false, includeCommunity: false, communityId: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<{ subject?: string; content?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const mine = (communities.data ?? []).filter((r) => !r.community.archived);
  const communityId = values.communityId || mine[0]?.communityId || '';

  const handleClear = () => {
    setValues(empty);
    setErrors({});
    setOutcome(null);
  };

  const handleSend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const found = validateHelp(values);
    setErrors({ subject: found.subject && messageText(found.subject), content: found.content && messageText(found.content) });
    if (Object.keys(found).length > 0) return;
    try {
      const reply = await send.mutateAsync({
        email: values.email.trim(),
        subject: values.subject.trim(),
        content: values.content,
        includeBrowser: values.includeBrowser,
        ...(values.includeCommunity && communityId ? { communityId } : {}),
      });
      setValues(empty);
      setOutcome({ ok: true, text: messageText(reply) });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && failure.fieldErrors.length > 0) {
        setErrors({ subject: failure.fieldMessage('subject'), content: failure.fieldMessage('content') });
      }
      setOutcome({ ok: false, text: messageText('community.helpFailed') });
    }
  };

  return (
    <Page title={t('help.title')} subtitle={t('help.intro')} narrow>
      <Alert tone="info" testId="help-warning">
        {t('help.notContacted')}
      </Alert>
      <Card>
        <form className={layout.stack} onSubmit={(event) => void handleSend(event)} noValidate>
          <TextField
            name="help-from"
            type="email"
            label={t('help.from')}
            autoComplete="email"
            value={values.email}
            onChange={(event) => setValues((v) => ({ ...v, email: event.target.value }))}
          />
          <TextField
            name="help-title"
            label={t('help.subject')}
            value={values.subject}
            error={errors.subject}
            maxLength={300}
            onChange={(event) => setValues((v) => ({ ...v, subject: event.target.value }))}
          />
          <TextArea
            name="help-description"
            label={t('help.description')}
            value={values.content}
            error={errors.content}
            rows={7}
            onChange={(event) => setValues((v) => ({ ...v, content: event.target.value }))}
          />
          <Checkbox
            label={t('help.includeBrowser')}
            hint={t('help.includeBrowserHint')}
            checked={values.includeBrowser}
            onChange={(event) => setValues((v) => ({ ...v, includeBrowser: event.target.checked }))}
            data-testid="help-include-browser"
          />
          <Checkbox
            label={t('help.includeCommunity')}
            checked={values.includeCommunity}
            disabled={mine.length === 0}
            onChange={(event) => setValues((v) => ({ ...v, includeCommunity: event.target.checked }))}
            data-testid="help-include-community"
          />
          {values.includeCommunity && mine.length > 0 && (
            <SelectField
              name="help-community"
              label={t('help.community')}
              value={communityId}
              onChange={(event) => setValues((v) => ({ ...v, communityId: event.target.value }))}
            >
              {mine.map((r) => (
                <option key={r.communityId} value={r.communityId}>
                  {r.community.title}
                </option>
              ))}
            </SelectField>
          )}
          <div className={layout.actions}>
            <Button type="submit" disabled={send.isPending} data-testid="help-send">
              <Send size={18} aria-hidden="true" />
              {t('help.send')}
            </Button>
            <Button variant="secondary" onClick={handleClear} data-testid="help-clear">
              <Eraser size={18} aria-hidden="true" />
              {t('help.clear')}
            </Button>
          </div>
        </form>
      </Card>
      <OutcomeAlert outcome={outcome} testId="help-result" />
    </Page>
  );
};
