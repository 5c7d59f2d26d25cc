import { Page } from '@/components/ui/page';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { AndroidSteps, IosSteps } from '../components/install-art';
import './download.css';

/** The install guide (spec §2 mine/instructions): iOS Safari and Android Chrome, step by step, with drawings. */
export default function InstructionsPage() {
  const { t } = useTranslation();
  const ios = [t('instructions.ios.step1'), t('instructions.ios.step2'), t('instructions.ios.step3')];
  const android = [t('instructions.android.step1'), t('instructions.android.step2'), t('instructions.android.step3')];
  return (
    <Page title={t('instructions.title')} back testId="instructions-page">
      <div className="stack">
        <p className="dl-card__text">{t('instructions.intro')}</p>
        <Guide id="ios" title={t('instructions.ios.title')} steps={ios} art={IosSteps} />
        <Guide id="android" title={t('instructions.android.title')} steps={android} art={AndroidSteps} />
      </div>
    </Page>
  );
}

function Guide({
  id,
  title,
  steps,
  art: Art,
}: {
  id: string;
  title: string;
  steps: string[];
  art: (props: { step: number }) => ReactElement;
}) {
  return (
    <section className="dl-card" data-testid={`instructions-${id}`}>
      <h2 className="dl-card__title">{title}</h2>
      <ol className="dl-steps">
        {steps.map((text, i) => (
          <li key={text} className="dl-step">
            <span className="dl-step__art">
              <Art step={i + 1} />
            </span>
            <span className="dl-step__text">
              <span className="dl-step__n" aria-hidden="true">
                {i + 1}
              </span>
              {text}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
