import { ROUTES } from '@/lib/routes';
import type { Chain } from '@nexa/contract';
import { Dialog } from 'antd-mobile';
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
      return `${ROUTES.bindWithdrawalAddress}${chain ? `?chain=${chain}` : ''}`;
  }
}

/**
 * Says what is missing before a withdrawal can be confirmed, with a button to each fix; resolves with the page to
 * go to, or null when the user closes it.
 */
export function askPrerequisites(
  t: TFunction,
  missing: WithdrawalPrerequisite[],
  chain: Chain | undefined,
): Promise<string | null> {
  return new Promise((resolve) => {
    Dialog.show({
      title: t('funding.prereq.title'),
      content: (
        <div className="fd-prereq" data-testid="withdraw-prereq">
          <p className="fd-prereq__intro">{t('funding.prereq.intro')}</p>
          <ul className="fd-prereq__list">
            {missing.map((m) => (
              <li key={m} data-testid={`withdraw-prereq-${m}`}>
                {t(`funding.prereq.${m}`, { chain: chain ?? '' })}
              </li>
            ))}
          </ul>
        </div>
      ),
      closeOnAction: true,
      closeOnMaskClick: true,
      onClose: () => resolve(null),
      actions: [
        ...missing.map((m, i) => ({
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
