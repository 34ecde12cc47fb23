import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useCommunityGroups } from '../../../lib/community.ts';
import { useSetPermission, type ObjectReply } from '../api/objects.ts';
import styles from './Tabs.module.css';

type Permission = 'private' | 'protected' | 'public';
const permissions: Permission[] = ['private', 'protected', 'public'];

/** Read/write per author, group member and other (fact sheet §3.1). */
const rights: Record<Permission, { author: [boolean, boolean]; member: [boolean, boolean]; other: [boolean, boolean] }> = {
  private: { author: [true, true], member: [true, true], other: [false, false] },
  protected: { author: [true, true], member: [true, true], other: [true, false] },
  public: { author: [true, true], member: [true, true], other: [true, true] },
};

const Mark = ({ on, label }: { on: boolean; label: string }) =>
  on ? (
    <span className={styles.yes}>
      <Check size={16} aria-hidden="true" /> {label}
    </span>
  ) : (
    <span className={styles.no}>
      <X size={16} aria-hidden="true" /> {label}
    </span>
  );

/** Permission (private / protected / public) and group. */
export const PropertiesTab = ({ object }: { object: ObjectReply }) => {
  const { t } = useTranslation();
  const groups = useCommunityGroups(object.communityId);
  const save = useSetPermission(object.communityId, object._id);
  const [permission, setPermission] = useState<Permission>(
    (permissions as string[]).includes(object.permission) ? (object.permission as Permission) : 'protected',
  );
  const [group, setGroup] = useState<string>(object.group ?? '');
  const [done, setDone] = useState(false);
  const row = rights[permission];
  const yes = t('contribution.properties.yes');
  const no = t('contribution.properties.no');

  return (
    <form
      className={styles.tab}
      data-testid="properties-tab"
      onSubmit={(event) => {
        event.preventDefault();
        setDone(false);
        save.mutate({ permission, group: group || null }, { onSuccess: () => setDone(true) });
      }}
    >
      <fieldset className={styles.radios}>
        <legend>{t('contribution.properties.permission')}</legend>
        {permissions.map((p) => (
          <label key={p} className={styles.radio}>
            <input
              type="radio"
              name="permission"
              value={p}
              checked={permission === p}
              onChange={() => setPermission(p)}
              data-testid={`permission-${p}`}
            />
            <span>
              <strong>{t(`contribution.properties.${p}`)}</strong>
              <span className={styles.muted}>{` — ${t(`contribution.properties.${p}Hint`)}`}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <table className={styles.table} data-testid="permission-table">
        <caption>{t('contribution.properties.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('contribution.properties.who')}</th>
            <th scope="col">{t('contribution.properties.read')}</th>
            <th scope="col">{t('contribution.properties.write')}</th>
          </tr>
        </thead>
        <tbody>
          {(['author', 'member', 'other'] as const).map((who) => (
            <tr key={who}>
              <th scope="row">{t(`contribution.properties.${who}`)}</th>
              <td>
                <Mark on={row[who][0]} label={row[who][0] ? yes : no} />
              </td>
              <td>
                <Mark on={row[who][1]} label={row[who][1] ? yes : no} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className={styles.selectLabel}>
        {t('contribution.properties.group')}
        <select value={group} onChange={(e) => setGroup(e.target.value)} data-testid="group-choice">
          <option value="">{t('contribution.properties.noGroup')}</option>
          {(groups.data ?? [])
            .filter((g) => g.status !== 'inactive')
            .map((g) => (
              <option key={g._id} value={g._id}>
                {g.title}
              </option>
            ))}
        </select>
      </label>
      <div className={styles.inline}>
        <Button type="submit" disabled={save.isPending} data-testid="properties-save">
          {t('contribution.properties.save')}
        </Button>
      </div>
      {done && <Alert tone="success">{t('contribution.properties.saved')}</Alert>}
      {save.isError && <Alert tone="error">{serverMessage(save.error) ?? String(save.error)}</Alert>}
    </form>
  );
};
