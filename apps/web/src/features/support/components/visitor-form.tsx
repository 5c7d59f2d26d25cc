import { PrimaryButton } from '@/components/ui/primary-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/request';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Email, SUPPORT_LIMITS } from '@nexa/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { supportApi } from '../api/support-api';

type Errors = { email?: string; text?: string };

/**
 * A visitor (no account, or locked out of it) leaves a message and an e-mail address; the answer goes there. The
 * server limits how often one address may write.
 */
export function VisitorForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const textId = useId();
  const submit = useSingleFlight(async () => {
    const next: Errors = {};
    if (!Email.safeParse(email).success) next.email = t('support.visitor.emailInvalid');
    if (!text.trim()) next.text = t('support.visitor.textRequired');
    setErrors(next);
    if (next.email || next.text) return;
    try {
      await supportApi.visitorMessage({ email: email.trim(), text: text.trim() });
      setSentTo(email.trim());
    } catch (err) {
      if (err instanceof ApiError) {
        const field = err.fields[0]?.field;
        if (field === 'email' || field === 'text') setErrors({ [field]: err.msg });
      }
    }
  });
  if (sentTo) {
    return (
      <section className="section sp-visitor-done" data-testid="support-visitor-sent" aria-live="polite">
        <div className="icon-bubble icon-bubble--large icon-bubble--round tone--up" aria-hidden="true">
          ✓
        </div>
        <h2 className="sp-title">{t('support.visitor.sentTitle')}</h2>
        <p className="sp-muted">{t('support.visitor.sentText', { email: sentTo })}</p>
      </section>
    );
  }
  return (
    <form
      className="section stack sp-visitor"
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run();
      }}
      noValidate
      data-testid="support-visitor-form"
    >
      <div>
        <h2 className="sp-title">{t('support.visitor.title')}</h2>
        <p className="sp-muted">
          {t('support.visitor.intro')}{' '}
          <Link to={ROUTES.login} className="link link--strong" data-testid="support-login">
            {t('support.visitor.login')}
          </Link>
        </p>
      </div>
      <TextField
        label={t('support.visitor.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors((x) => ({ ...x, email: undefined }));
        }}
        error={errors.email}
        testId="support-visitor-email"
      />
      <div className={`field${errors.text ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={textId}>
          {t('support.visitor.message')}
        </label>
        <div className="field__control">
          <textarea
            id={textId}
            className="field__input sp-visitor__text"
            rows={5}
            maxLength={SUPPORT_LIMITS.textMaxLength}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setErrors((x) => ({ ...x, text: undefined }));
            }}
            aria-invalid={errors.text ? true : undefined}
            data-testid="support-visitor-text"
          />
        </div>
        {errors.text ? <p className="field__error">{errors.text}</p> : null}
      </div>
      <PrimaryButton type="submit" loading={submit.running} disabled={submit.running} testId="support-visitor-send">
        {t('support.visitor.send')}
      </PrimaryButton>
    </form>
  );
}
