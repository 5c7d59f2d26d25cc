import type { User } from '@nexa/contract';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './wallets.css';
import { CopyIcon, PersonIcon } from '@/components/ui/icons';
import { copyText } from '@/lib/clipboard';
import { avatarInitial, displayIdentity } from '@/lib/format';

function CopyButton({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-button icon-button--small"
      aria-label={`${t('common.copy')} ${label}`}
      data-testid={testId}
      onClick={async () => {
        const ok = await copyText(value);
        Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed'), duration: 1500 });
      }}
    >
      <CopyIcon />
    </button>
  );
}

/** Who is logged in: identity, UID, own invitation code, and whether this is the real or the demo account. */
export function UserCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const name = displayIdentity(user);
  const facts = [
    { label: t('mine.uid'), value: String(user.uid), testId: 'mine-uid', copyTestId: 'mine-uid-copy' },
    { label: t('mine.inviteCode'), value: user.inviteCode, testId: 'mine-invite-code', copyTestId: 'mine-invite-copy' },
  ];
  return (
    <section className="hero-surface user-card" data-testid="mine-user-card">
      <div className="user-card__top">
        <div className="user-card__avatar" aria-hidden="true">
          {avatarInitial(user) ?? <PersonIcon />}
        </div>
        <div className="user-card__who">
          <p className="user-card__name" data-testid="mine-identity" dir="auto">
            {name}
          </p>
          <span
            className={`mode-badge badge ${user.mode === 'demo' ? 'tone--warning' : 'tone--accent'}`}
            data-testid="mine-mode"
          >
            {t(`mine.mode.${user.mode}`)}
          </span>
        </div>
      </div>
      <dl className="fact-grid fact-grid--ruled user-card__facts">
        {facts.map((fact) => (
          <div key={fact.testId} className="user-card__fact">
            <dt>{fact.label}</dt>
            <dd>
              <span dir="ltr" data-testid={fact.testId}>
                {fact.value}
              </span>
              <CopyButton value={fact.value} label={fact.label} testId={fact.copyTestId} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
