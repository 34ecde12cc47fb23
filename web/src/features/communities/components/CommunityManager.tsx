import { ArrowRight, Archive, ListOrdered, Plus, Settings2, UserPlus } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { OutcomeAlert, type Outcome } from '../../../components/Outcome.tsx';
import { Card } from '../../../components/Page.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { ApiError } from '../../../lib/api.ts';
import type { UserProfile } from '../../../lib/session.ts';
import { sortRegistrations, useCommunities, useCreateCommunity, useJoin, useMyRegistrations, useSaveOrder } from '../api/communities.ts';
import { serverMessage } from '../../../components/serverMessage.ts';
import layout from '../../../styles/layout.module.css';
import styles from './Communities.module.css';
import { useMessageText } from '../../../lib/messages.ts';
import type { MessageCode } from '../../../../../contracts/messageCodes.ts';

/** Repeat clicks on "create" within this many milliseconds are ignored (spec §9). */
export const createDebounceMs = 1000;

/** The join form: a community, its key, and the spec's errors ('Error: ' + server message). */
const JoinCard = ({ me }: { me: UserProfile }) => {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const communities = useCommunities();
  const registrations = useMyRegistrations();
  const join = useJoin();
  const [communityId, setCommunityId] = useState('');
  const [key, setKey] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  const joinable = useMemo(() => {
    const mine = new Set((registrations.data ?? []).map((r) => r.communityId));
    return (communities.data ?? []).filter((c) => !c.archived && !mine.has(c._id)).sort((a, b) => a.title.localeCompare(b.title));
  }, [communities.data, registrations.data]);

  const handleJoin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    if (!communityId) {
      setOutcome({ ok: false, text: messageText('community.communityRequired') });
      return;
    }
    try {
      await join.mutateAsync({ userId: me._id, communityId, registrationKey: key });
      const title = communities.data?.find((c) => c._id === communityId)?.title ?? '';
      setKey('');
      setCommunityId('');
      setOutcome({ ok: true, text: t('communities.joined', { title }) });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  return (
    <Card title={t('communities.joinTitle')}>
      <form className={layout.stack} onSubmit={(event) => void handleJoin(event)} noValidate>
        <SelectField
          name="join-community"
          label={t('communities.community')}
          value={communityId}
          onChange={(event) => setCommunityId(event.target.value)}
          data-testid="join-community"
        >
          <option value="">{t('communities.chooseCommunity')}</option>
          {joinable.map((community) => (
            <option key={community._id} value={community._id}>
              {community.title}
            </option>
          ))}
        </SelectField>
        <TextField
          name="join-key"
          label={t('communities.registrationKey')}
          autoComplete="off"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          data-testid="join-key"
        />
        <Button type="submit" disabled={join.isPending} data-testid="join-submit">
          <UserPlus size={18} aria-hidden="true" />
          {t('communities.join')}
        </Button>
      </form>
      <OutcomeAlert outcome={outcome} testId="join-result" />
    </Card>
  );
};

/** My communities: 'Archived' or Enter per row; admins get Manage links and a manage-order mode. */
const MyCommunitiesCard = ({ me }: { me: UserProfile }) => {
  const { t } = useTranslation();
  const registrations = useMyRegistrations();
  const saveOrder = useSaveOrder();
  const isAdmin = me.role === 'admin';
  const [manage, setManage] = useState(false);
  const [orders, setOrders] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const rows = useMemo(() => sortRegistrations(registrations.data ?? []), [registrations.data]);

  const startManage = () => {
    setOrders(Object.fromEntries(rows.map((r) => [r._id, String(r.order)])));
    setOutcome(null);
    setManage(true);
  };

  const handleSaveOrder = async () => {
    setOutcome(null);
    try {
      await saveOrder.mutateAsync(rows.map((r) => ({ authorId: r._id, order: Number(orders[r._id] ?? r.order) || 0 })));
      setManage(false);
      setOutcome({ ok: true, text: t('communities.orderSaved') });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  return (
    <Card title={t('communities.mineTitle')}>
      {registrations.isPending && <p role="status">{t('common.loading')}</p>}
      {registrations.isError && <Alert tone="error">{serverMessage(registrations.error) ?? t('common.genericError')}</Alert>}
      {registrations.data && rows.length === 0 && <p className={layout.muted}>{t('communities.noneYet')}</p>}
      {rows.length > 0 && (
        <ul className={styles.list} data-testid="my-communities">
          {rows.map((registration) => (
            <li key={registration._id} className={styles.row} data-community={registration.community.title}>
              {manage && (
                <label className={styles.order}>
                  <span className="visually-hidden">{t('communities.orderOf', { title: registration.community.title })}</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    value={orders[registration._id] ?? ''}
                    onChange={(event) => setOrders((current) => ({ ...current, [registration._id]: event.target.value }))}
                    data-testid="order-input"
                  />
                </label>
              )}
              <div className={styles.rowText}>
                <span className={styles.rowTitle}>{registration.community.title}</span>
                <span className={styles.badge}>
                  {t(
                    registration.role === 'manager'
                      ? 'communities.roleManager'
                      : registration.role === 'researcher'
                        ? 'communities.roleResearcher'
                        : 'communities.roleWriter',
                  )}
                </span>
              </div>
              <div className={styles.rowActions}>
                {isAdmin && (
                  <Link
                    className={buttonClass('ghost')}
                    to={`/communityeditor/${registration.communityId}`}
                    aria-label={t('communities.manageOf', { title: registration.community.title })}
                    data-testid="manage-link"
                  >
                    <Settings2 size={18} aria-hidden="true" />
                    <span className={styles.actionLabel}>{t('communities.manage')}</span>
                  </Link>
                )}
                {registration.community.archived ? (
                  <span className={styles.archived} data-testid="archived">
                    <Archive size={16} aria-hidden="true" />
                    {t('communities.archived')}
                  </span>
                ) : (
                  <Link
                    className={buttonClass('primary')}
                    to={`/communitytop/${registration.communityId}`}
                    aria-label={t('communities.enterOf', { title: registration.community.title })}
                    data-testid="enter-link"
                  >
                    {t('communities.enter')}
                    <ArrowRight size={18} aria-hidden="true" />
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {isAdmin && rows.length > 0 && (
        <div className={layout.actions}>
          {manage ? (
            <>
              <Button onClick={() => void handleSaveOrder()} disabled={saveOrder.isPending} data-testid="save-order">
                {t('communities.saveOrder')}
              </Button>
              <Button variant="secondary" onClick={() => setManage(false)}>
                {t('communities.cancel')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={startManage} data-testid="manage-mode">
              <ListOrdered size={18} aria-hidden="true" />
              {t('communities.manageOrder')}
            </Button>
          )}
        </div>
      )}
      <OutcomeAlert outcome={outcome} />
    </Card>
  );
};

type CreateErrors = { title?: MessageCode; registrationKey?: MessageCode; managerRegistrationKey?: MessageCode };

/** Client rules of the creation form (the server applies the same). */
export const validateCreate = (values: { title: string; registrationKey: string; managerRegistrationKey: string }): CreateErrors => {
  const errors: CreateErrors = {};
  if (!values.title.trim()) errors.title = 'community.titleRequired';
  for (const field of ['registrationKey', 'managerRegistrationKey'] as const) {
    const key = values[field].trim();
    if (!key) errors[field] = 'community.registrationKeyRequired';
    else if (key.length < registrationKeyMin) errors[field] = 'community.registrationKeyTooShort';
  }
  return errors;
};

/** The shortest key the server accepts (issue 20 §2). */
const registrationKeyMin = 6;
/** Letters and digits that cannot be mistaken for one another on a board (no 0/o, 1/l/i). */
const keyAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A key suggestion a teacher can write on the board: 'k7pm-x3qf' (31⁸ possibilities). */
export const suggestKey = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const chars = [...bytes].map((byte) => keyAlphabet[byte % keyAlphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
};

const freshKeys = () => ({ registrationKey: suggestKey(), managerRegistrationKey: suggestKey() });

/** Admins: title, registration key, manager key. One community per click burst. */
const CreateCard = () => {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const create = useCreateCommunity();
  // Keys start as random suggestions: typed keys tend to be short and guessable.
  const [values, setValues] = useState(() => ({ title: '', ...freshKeys() }));
  const [errors, setErrors] = useState<CreateErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const lastClick = useRef(0);
  const inFlight = useRef(false);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const handleCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const now = Date.now();
    // A double click (or any burst within a second) creates one community.
    if (inFlight.current || now - lastClick.current < createDebounceMs) return;
    lastClick.current = now;
    setOutcome(null);
    const found = validateCreate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    inFlight.current = true;
    try {
      const community = await create.mutateAsync({
        title: values.title.trim(),
        registrationKey: values.registrationKey.trim(),
        managerRegistrationKey: values.managerRegistrationKey.trim(),
      });
      setValues({ title: '', ...freshKeys() });
      setOutcome({ ok: true, text: t('communities.created', { title: community.title }) });
    } catch (failure) {
      // Rule messages (400) are shown as sent; anything else is the spec's creation failure.
      const text = failure instanceof ApiError && failure.status === 400 ? serverMessage(failure) : null;
      setOutcome({ ok: false, text: text ?? messageText('community.creationFailed') });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Card title={t('communities.createTitle')}>
      <form className={layout.stack} onSubmit={(event) => void handleCreate(event)} noValidate>
        <TextField
          name="create-title"
          label={t('communities.title')}
          value={values.title}
          onChange={set('title')}
          error={errors.title && messageText(errors.title)}
          autoComplete="off"
        />
        <TextField
          name="create-key"
          label={t('communities.registrationKey')}
          value={values.registrationKey}
          onChange={set('registrationKey')}
          error={errors.registrationKey && messageText(errors.registrationKey)}
          autoComplete="off"
        />
        <TextField
          name="create-manager-key"
          label={t('communities.managerKey')}
          value={values.managerRegistrationKey}
          onChange={set('managerRegistrationKey')}
          error={errors.managerRegistrationKey && messageText(errors.managerRegistrationKey)}
          autoComplete="off"
        />
        <div className={layout.actions}>
          <Button
            type="button"
            variant="secondary"
            onClick={() => setValues((current) => ({ ...current, ...freshKeys() }))}
            data-testid="create-suggest-keys"
          >
            {t('communities.suggestKeys')}
          </Button>
          <Button type="submit" disabled={create.isPending} data-testid="create-submit">
            <Plus size={18} aria-hidden="true" />
            {t('communities.create')}
          </Button>
        </div>
      </form>
      <OutcomeAlert outcome={outcome} testId="create-result" />
    </Card>
  );
};

/** The community manager of spec part 1 §2: join, my communities, and (admins) creation. */
export const CommunityManager = ({ me }: { me: UserProfile }) => (
  <div className={styles.manager} data-testid="community-area">
    <MyCommunitiesCard me={me} />
    <div className={styles.side}>
      <JoinCard me={me} />
      {me.role === 'admin' && <CreateCard />}
    </div>
  </div>
);
