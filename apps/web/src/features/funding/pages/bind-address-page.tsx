import { Figure } from '@/components/ui/figure';
import { Page } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime, isolateLtr } from '@/lib/format';
import { SecondFactorField, useSecondFactor } from '@/shared/totp-field';
import { ADDRESS_LABEL_MAX, CHAINS, Chain } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { fundingApi } from '../api/funding-api';
import { ChoiceGroup } from '../components/choice-group';
import '../components/funding.css';
import { SaveButton } from '../components/save-button';
import { useErrorText } from '../hooks/use-error-text';
import { useAddresses } from '../hooks/use-funding-queries';
import { useFundingSave } from '../hooks/use-funding-save';
import { type FundingError, checkAddress, checkAddressLabel } from '../model';

/**
 * Bind a withdrawal address (spec §2): chain type, wallet address (checked against the chain's format) and the
 * user's label for it. One address per chain: binding again replaces it. A new address can be withdrawn to only
 * after a waiting time (the list says from when). Lists what is bound now.
 */
export default function BindAddressPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const errorText = useErrorText();
  const addresses = useAddresses();
  const [chain, setChain] = useState<Chain>(() => {
    const wanted = Chain.safeParse(params.get('chain'));
    return wanted.success ? wanted.data : 'TRC20';
  });
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<FundingError | null>(null);
  const [labelError, setLabelError] = useState<FundingError | null>(null);
  const factor = useSecondFactor();

  const save = useFundingSave(
    (body: { chain: Chain; address: string; label: string; totpCode?: string }) => fundingApi.saveAddress(body),
    t('funding.bindAddress.saved'),
    () => {
      setAddress('');
      setLabel('');
    },
    factor.fromRefusal,
  );

  const current = addresses.data?.list.find((a) => a.chain === chain);

  const checked = () => {
    const problem = checkAddress(chain, address);
    const labelProblem = checkAddressLabel(label);
    setError(problem);
    setLabelError(labelProblem);
    return problem || labelProblem
      ? null
      : { chain, address: address.trim(), label: label.trim(), totpCode: factor.body() };
  };

  return (
    <Page title={t('funding.bindAddress.title')} back testId="bind-address-page">
      <div className="stack">
        <ChoiceGroup
          id="bind-chain"
          title={t('funding.bindAddress.chain')}
          look="chips"
          choices={CHAINS}
          chosen={chain}
          onChoose={(c) => {
            setChain(c);
            setError(null);
          }}
        />

        <TextField
          label={t('funding.bindAddress.address')}
          placeholder={t('funding.bindAddress.placeholder', { chain })}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          value={address}
          onChange={(e) => {
            setAddress(e.target.value.replace(/\s/g, ''));
            setError(null);
          }}
          error={errorText(error, { chain })}
          testId="bind-address"
        />
        <TextField
          label={t('funding.bindAddress.label')}
          placeholder={t('funding.bindAddress.labelPlaceholder')}
          autoComplete="off"
          maxLength={ADDRESS_LABEL_MAX}
          value={label}
          onChange={(e) => {
            setLabel(e.target.value);
            setLabelError(null);
          }}
          error={errorText(labelError, { max: String(ADDRESS_LABEL_MAX) })}
          testId="bind-address-label"
        />
        {current ? (
          <p className="fd-note" data-testid="bind-address-replaces">
            {t('funding.bindAddress.replaces', { chain })}
          </p>
        ) : null}
        <p className="fd-note" data-testid="bind-address-delay">
          {t('funding.bindAddress.delayNote')}
        </p>
        <SecondFactorField factor={factor} testId="bind-address-totp" />

        <SaveButton save={save} checked={checked} testId="bind-address-submit">
          {t('funding.bindAddress.submit')}
        </SaveButton>

        <section aria-labelledby="bound-title">
          <h2 className="funding-heading" id="bound-title">
            {t('funding.bindAddress.bound')}
          </h2>
          {addresses.isPending ? (
            <Skeleton.Paragraph lineCount={2} animated />
          ) : (addresses.data?.list.length ?? 0) === 0 ? (
            <p className="funding-empty" data-testid="bound-addresses-empty">
              {t('funding.bindAddress.none')}
            </p>
          ) : (
            <ul className="option-list fd-bound-list" data-testid="bound-addresses">
              {addresses.data?.list.map((a) => (
                <li key={a.chain} className="fd-bound-list__item" data-testid={`bound-address-${a.chain}`}>
                  <span className="fd-chip fd-chip--small">{a.chain}</span>
                  <Figure className="fd-bound-list__address">{a.address}</Figure>
                  {a.label ? (
                    <span dir="auto" className="fd-bound-list__label" data-testid={`bound-label-${a.chain}`}>
                      {a.label}
                    </span>
                  ) : null}
                  {a.usableAt > Date.now() ? (
                    <span className="fd-bound-list__pending" data-testid={`bound-pending-${a.chain}`}>
                      {t('funding.bindAddress.usableFrom', { time: isolateLtr(formatDateTime(a.usableAt)) })}
                    </span>
                  ) : null}
                  <span className="fd-bound-list__time">
                    <Figure>{formatDateTime(a.updatedAt)}</Figure>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Page>
  );
}
