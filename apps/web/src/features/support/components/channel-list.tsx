import type { SupportChannel, SupportChannelKind } from '@nexa/contract';
import { GlobalOutline, MailOutline, PhoneFill, SendOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<SupportChannelKind, ReactNode> = {
  email: <MailOutline />,
  telegram: <SendOutline />,
  whatsapp: <PhoneFill />,
  chat: <GlobalOutline />,
};

/**
 * The outside channels operators configure, each opened the way a phone expects: e-mail in the mail app (mailto:,
 * same tab), Telegram and WhatsApp through their https links (the app takes them over), the live chat in a new tab.
 */
export function ChannelList({ channels }: { channels: SupportChannel[] }) {
  const { t } = useTranslation();
  if (channels.length === 0) {
    return (
      <p className="callout callout--small" data-testid="support-channels-empty">
        {t('support.channelsEmpty')}
      </p>
    );
  }
  return (
    <ul className="section sp-channels" data-testid="support-channels">
      {channels.map((c) => (
        <li key={c.kind}>
          <a
            className="sp-channel"
            href={c.url}
            {...(c.kind === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            data-testid={`support-channel-${c.kind}`}
          >
            <span className={`icon-bubble sp-channel__icon sp-channel__icon--${c.kind}`} aria-hidden="true">
              {ICONS[c.kind]}
            </span>
            <span className="sp-channel__text">
              <strong>{t(`support.channels.${c.kind}`)}</strong>
              <bdi className="sp-channel__label">{c.label}</bdi>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
