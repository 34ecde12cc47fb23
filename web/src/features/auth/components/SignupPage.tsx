import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { validateRegistration } from '../../../../../contracts/messages.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Card, Page, pageStyles } from '../../../components/Page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessageText } from '../../../lib/messages.ts';
import { useSetSession } from '../../../lib/session.ts';
import { useRegister, useRobotCheckConfig } from '../api/auth.ts';
import { signupFieldErrors, type SignupFields, type SignupValues } from '../signupValidation.ts';
import styles from './Auth.module.css';
import { RobotCheck } from './RobotCheck.tsx';

const emptyValues: SignupValues = { firstName: '', lastName: '', email: '', userName: '', password: '' };

/**
 * /signup: the registration form. Client rules are the server's own
 * (contracts/messages.ts); the register button stays disabled until the robot
 * check is solved; server messages are shown next to their fields.
 */
export const SignupPage = () => {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const robotConfig = useRobotCheckConfig();
  const register = useRegister();
  const [values, setValues] = useState<SignupValues>(emptyValues);
  const [errors, setErrors] = useState<SignupFields>({});
  const [submitted, setSubmitted] = useState(false);
  const [robotCheck, setRobotCheck] = useState<string | null>(null);
  const [robotKey, setRobotKey] = useState(0);
  const [message, setMessage] = useState<string | null>(null);

  const update = (field: keyof SignupValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(signupFieldErrors(validateRegistration(next)));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setMessage(null);
    const clientErrors = signupFieldErrors(validateRegistration(values));
    if (!robotCheck) clientErrors.robotCheck = { messageCode: 'messages.robotCheckRequired' };
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0 || !robotCheck) return;
    try {
      const reply = await register.mutateAsync({ ...values, robotCheck });
      setSession(reply.token);
      void navigate('/', { replace: true });
    } catch (error) {
      // A payload is good for one attempt: the widget starts over.
      setRobotCheck(null);
      setRobotKey((key) => key + 1);
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        setErrors(signupFieldErrors(error.fieldErrors));
        const unplaced = error.fieldErrors.filter((e) => !(e.field in emptyValues) && e.field !== 'robotCheck');
        if (unplaced.length > 0) setMessage(unplaced.map((e) => e.message).join(' '));
      } else {
        setMessage(error instanceof ApiError ? error.message : t('common.genericError'));
      }
    }
  };

  const fieldError = (field: keyof SignupFields) => {
    const message = errors[field];
    return message ? messageText(message) : undefined;
  };

  const challengeUrl = robotConfig.data?.provider === 'altcha' ? robotConfig.data.challengeUrl : null;

  return (
    <Page title={t('signup.title')} subtitle={t('signup.subtitle')} narrow>
      <Card>
        <form className={pageStyles.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
          {message && (
            <Alert tone="error" testId="signup-message">
              {message}
            </Alert>
          )}
          <div className={styles.row}>
            <TextField
              name="firstName"
              label={t('signup.firstName')}
              autoComplete="given-name"
              value={values.firstName}
              onChange={(event) => update('firstName', event.target.value)}
              error={fieldError('firstName')}
              required
            />
            <TextField
              name="lastName"
              label={t('signup.lastName')}
              autoComplete="family-name"
              value={values.lastName}
              onChange={(event) => update('lastName', event.target.value)}
              error={fieldError('lastName')}
              required
            />
          </div>
          <TextField
            name="email"
            type="email"
            label={t('signup.email')}
            autoComplete="email"
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
            error={fieldError('email')}
            required
          />
          <TextField
            name="userName"
            label={t('signup.userName')}
            hint={t('signup.userNameHint')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.userName}
            onChange={(event) => update('userName', event.target.value)}
            error={fieldError('userName')}
            required
          />
          <TextField
            name="password"
            type="password"
            label={t('signup.password')}
            hint={t('signup.passwordHint')}
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => update('password', event.target.value)}
            error={fieldError('password')}
            required
          />
          {challengeUrl ? (
            <RobotCheck
              key={robotKey}
              challengeUrl={challengeUrl}
              onChange={(payload) => {
                setRobotCheck(payload);
                if (payload) setErrors(({ robotCheck: _solved, ...rest }) => rest);
              }}
              error={fieldError('robotCheck')}
            />
          ) : robotConfig.isPending ? (
            <p>{t('common.loading')}</p>
          ) : (
            <Alert tone="error">{t('signup.robotUnavailable')}</Alert>
          )}
          <Button type="submit" block disabled={!robotCheck || register.isPending} data-testid="register">
            {register.isPending ? t('signup.submitting') : t('signup.submit')}
          </Button>
        </form>
      </Card>
      <p className={styles.alt}>
        {t('signup.haveAccount')} <Link to="/login">{t('signup.goLogin')}</Link>
      </p>
    </Page>
  );
};
