import { PrimaryButton } from '@/components/ui/primary-button';
import { Sheet } from '@/shared/sheet';
import type { PublicUser } from '@nexa/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvite } from '../hooks/use-copy';
import { InviteesField } from './invitees-field';

/** Invites more users to an open plan, by uid (each shown back with its nickname first). */
export function InviteMoreSheet({ planId, onClose }: { planId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInvite();
  const [list, setList] = useState<PublicUser[]>([]);
  const close = () => {
    setList([]);
    onClose();
  };
  return (
    <Sheet
      visible={planId !== null}
      title={t('copy.invite.title')}
      pending={invite.isPending}
      onClose={close}
      testId="copy-invite-sheet"
      popupClassName="sheet"
      bodyClassName="stack copy-sheet__body"
    >
      <InviteesField value={list} onChange={setList} testId="copy-invite-more" />
      <PrimaryButton
        loading={invite.isPending}
        disabled={list.length === 0 || invite.isPending}
        onClick={() => {
          if (!planId) return;
          invite.mutateAsync({ planId, uids: list.map((u) => u.uid) }).then(close, () => undefined);
        }}
        testId="copy-invite-send"
      >
        {t('copy.invite.send')}
      </PrimaryButton>
    </Sheet>
  );
}
