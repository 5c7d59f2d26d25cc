import { AmountField } from '@/components/ui/amount-field';
import { BalancesAsOf } from '@/components/ui/balances-as-of';
import { UnitFigure } from '@/components/ui/figure';
import { MoneyFormPage } from '@/components/ui/money-form-page';
import { SelectButton } from '@/components/ui/select-button';
import { SuccessResult } from '@/components/ui/success-result';
import { formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { CURRENCIES } from '@nexa/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TransferRouteCard, type TransferSheet, TransferSheets, confirmTransfer } from '../components/transfer-parts';
import { TransferRecordRow } from '../components/transfer-record-row';
import '../components/wallets.css';
import { useTransferForm } from '../hooks/use-transfer-form';

/** Transfer between the user's own wallets (spec §2): from, swap, to, currency, amount with All, confirm. */
export default function FundTransferPage() {
  const { t } = useTranslation();
  const form = useTransferForm();
  const [sheet, setSheet] = useState<TransferSheet>(null);
  const { types, transfer, active, available, result } = form;

  const { run: submit, running } = useSingleFlight(async () => {
    const input = form.checkedInput();
    if (!input || !(await confirmTransfer(t, input))) return;
    try {
      await transfer.mutateAsync(input);
      Toast.show({ icon: 'success', content: t('transfer.success'), duration: 2000 });
    } catch {
      // The request helper toasted the server's reason (or the network failure); a retry reuses the requestId.
    }
  });

  return (
    <MoneyFormPage
      title={t('transfer.title')}
      testId="transfer-page"
      records={{ to: ROUTES.fundTransferRecord, label: t('transferRecord.title'), testId: 'transfer-records' }}
      source={types}
      submit={{
        label: t('transfer.submit'),
        onClick: submit,
        loading: transfer.isPending,
        disabled: running || transfer.isPending,
        testId: 'transfer-submit',
      }}
      result={
        result ? (
          <SuccessResult title={t('transfer.success')} text={t('transfer.newBalances')}>
            <TransferRecordRow record={result} testId="transfer-result" />
          </SuccessResult>
        ) : null
      }
      sheets={<TransferSheets form={form} sheet={sheet} onClose={() => setSheet(null)} />}
    >
      <TransferRouteCard form={form} onSheet={setSheet} />

      <SelectButton
        label={t('transfer.currency')}
        className="select-field"
        onClick={() => setSheet('currency')}
        disabled={form.currencies.length === 0}
        testId="transfer-currency"
      >
        <span className="coin-mark" aria-hidden="true">
          {active.slice(0, 1)}
        </span>
        {active}
      </SelectButton>

      <div>
        <AmountField
          label={t('transfer.amount')}
          placeholder={t('transfer.amountPlaceholder')}
          value={form.amount}
          scale={CURRENCIES[active].scale}
          unit={active}
          onValue={form.typeAmount}
          error={form.error}
          testId="transfer-amount"
          all={{ label: t('transfer.all'), onClick: form.fillAll, testId: 'transfer-all' }}
        />
        <p className="meta-row transfer-available">
          <span>{t('transfer.available')}</span>
          <span>
            <UnitFigure unit={active} testId="transfer-available">
              {available !== undefined ? formatDecimal(available) : '--'}
            </UnitFigure>
          </span>
        </p>
        <BalancesAsOf read={form.source} />
      </div>

      <p className="transfer-hint">{t('transfer.hint')}</p>
    </MoneyFormPage>
  );
}
