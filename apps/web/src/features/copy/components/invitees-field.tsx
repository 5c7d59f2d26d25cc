import { TextField } from '@/components/ui/text-field';
import { isolateLtr } from '@/lib/format';
import { ApiError } from '@/lib/request';
import { useSession } from '@/lib/session-store';
import { useSingleFlight } from '@/lib/use-single-flight';
import { COPY_MAX_INVITEES, type PublicUser } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnknownUid, lookupUid } from '../hooks/use-copy';
import { addInvitee, parseUid } from '../model';

/**
 * Invitees entered by their public uid: each typed uid is looked up and shown back with its nickname before it joins
 * the list (an unknown uid, or one's own, is refused here; the server checks again). Test ids: `copy-invitee-input`,
 * `copy-invitee-add`, each chip `copy-invitee-<uid>`.
 */
export function InviteesField({
  value,
  onChange,
  testId = 'copy-invitee',
}: {
  value: PublicUser[];
  onChange: (list: PublicUser[]) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ownUid = useSession((s) => s.user?.uid);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useSingleFlight(async () => {
    const uid = parseUid(text);
    if (uid === null) return setError(t('copy.errors.uid'));
    if (uid === ownUid) return setError(t('copy.errors.self'));
    if (value.length >= COPY_MAX_INVITEES) return setError(t('copy.errors.tooMany', { n: COPY_MAX_INVITEES }));
    try {
      onChange(addInvitee(value, await lookupUid(client, uid)));
      setText('');
      setError(null);
    } catch (error) {
      // Only the server's "nobody has this UID" says so; a lost connection or a timeout says what it was.
      setError(
        isUnknownUid(error)
          ? t('copy.errors.unknownUid')
          : error instanceof ApiError
            ? error.message
            : t('errors.network'),
      );
    }
  });
  return (
    <div className="copy-invitees">
      <TextField
        label={t('copy.form.invitees')}
        hint={t('copy.form.inviteesHint')}
        inputMode="numeric"
        value={text}
        onChange={(e) => {
          setText(e.target.value.replace(/\D/g, ''));
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void add.run();
          }
        }}
        error={error}
        testId={`${testId}-input`}
        suffix={
          <Button
            size="mini"
            color="primary"
            fill="outline"
            loading={add.running}
            onClick={() => void add.run()}
            data-testid={`${testId}-add`}
          >
            {t('copy.form.add')}
          </Button>
        }
      />
      {value.length > 0 ? (
        <ul className="copy-chips" aria-label={t('copy.form.invitees')}>
          {value.map((u) => (
            <li key={u.uid} className="copy-chip" data-testid={`${testId}-${u.uid}`}>
              <span className="copy-chip__name">{u.nickname}</span>
              <span className="copy-chip__uid">{isolateLtr(`UID ${u.uid}`)}</span>
              <button
                type="button"
                className="icon-button icon-button--small"
                aria-label={t('copy.form.removeInvitee', { name: u.nickname })}
                onClick={() => onChange(value.filter((x) => x.uid !== u.uid))}
              >
                <CloseOutline />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
