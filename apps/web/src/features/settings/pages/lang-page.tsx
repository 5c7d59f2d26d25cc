import { Page } from '@/components/ui/page';
import { useGoBack } from '@/components/ui/use-go-back';
import { useSession } from '@/lib/session-store';
import { DEFAULT_LANG, LANGS, LANG_BCP47, LANG_NAMES, type Lang } from '@nexa/contract';
import { SpinLoading, Toast } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from '../hooks/use-change-language';

/** The 13 languages, each in its own script; choosing one switches at once and goes back. */
export default function LangPage() {
  const { t } = useTranslation();
  const current = useSession((s) => s.lang) ?? DEFAULT_LANG;
  const goBack = useGoBack();
  const { change, pending } = useChangeLanguage();

  const choose = async (lang: Lang) => {
    if (pending) return;
    if (lang === current) {
      goBack();
      return;
    }
    try {
      await change(lang);
      goBack();
    } catch {
      Toast.show({ content: t('errors.network'), duration: 2000 });
    }
  };

  return (
    <Page title={t('lang.title')} back testId="lang-page">
      <div className="option-list" role="listbox" aria-label={t('lang.title')}>
        {LANGS.map((lang) => {
          const selected = lang === current;
          return (
            <button
              key={lang}
              type="button"
              role="option"
              aria-selected={selected}
              className={`option-list__item${selected ? ' option-list__item--selected' : ''}`}
              onClick={() => void choose(lang)}
              data-testid={`lang-item-${lang}`}
            >
              <span className="option-list__label" lang={LANG_BCP47[lang]}>
                {LANG_NAMES[lang]}
              </span>
              {pending === lang ? (
                <SpinLoading color="primary" style={{ '--size': '18px' }} />
              ) : selected ? (
                <CheckOutline className="option-list__check" />
              ) : null}
            </button>
          );
        })}
      </div>
    </Page>
  );
}
