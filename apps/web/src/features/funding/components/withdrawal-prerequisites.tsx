import { formatDateTime, isolateLtr } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { Dialog } from '@/shared/dialog';
import type { Chain } from '@nexa/contract';
import type { TFunction } from 'i18next';
import type { WithdrawalPrerequisite } from '../model';

/** Where each prerequisite is set up; the withdrawal form is kept meanwhile (see withdrawal-draft.ts). */
export function prerequisiteRoute(missing: WithdrawalPrerequisite, chain: Chain | undefined): string {
  switch (missing) {
    case 'verification':
      return ROUTES.verification;
    case 'password':
      return ROUTES.withdrawalPassword;
    case 'bank':
      return ROUTES.saveBank;
    case 'address':
    case 'addressPending':
      return `${ROUTES.bindWithdrawalAddress}${chain ? `?chain=${chain}` : ''}`;
  }
}

/**
 * Says what is missing before a withdrawal can be confirmed, with a button to each fix (an address still in its
 * waiting time has none: it is said from when it can be used); resolves with the page to go to, or null when the
 * user closes it.
 */
export function askPrerequisites(
  t: TFunction,
  missing: WithdrawalPrerequisite[],
  chain: Chain | undefined,
  addressUsableAt?: number,
): Promise<string | null> {
  const values = { chain: chain ?? '', time: addressUsableAt ? isolateLtr(formatDateTime(addressUsableAt)) : '' };
  const fixable = missing.filter((m) => m !== 'addressPending');
  return new Promise((resolve) => {
    Dialog.show({
      title: t('funding.prereq.title'),
      content: (
        <div className="fd-prereq" data-testid="withdraw-prereq">
          <p className="fd-prereq__intro">{t('funding.prereq.intro')}</p>
          <ul className="fd-prereq__list">
            {missing.map((m) => (
              <li key={m} data-testid={`withdraw-prereq-${m}`}>
                {t(`funding.prereq.${m}`, values)}
              </li>
            ))}
          </ul>
        </div>
      ),
      closeOnAction: true,
      closeOnMaskClick: true,
      onClose: () => resolve(null),
      actions: [
        ...fixable.map((m, i) => ({
          key: m,
          bold: i === 0,
          text: <span data-testid={`withdraw-prereq-go-${m}`}>{t(`funding.prereq.go.${m}`)}</span>,
          onClick: () => resolve(prerequisiteRoute(m, chain)),
        })),
        {
          key: 'cancel',
          text: <span data-testid="withdraw-prereq-cancel">{t('common.cancel')}</span>,
          onClick: () => resolve(null),
        },
      ],
    });
  });
}
