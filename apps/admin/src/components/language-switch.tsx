import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLang } from '../i18n';

export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      value={i18n.language === 'zh' ? 'zh' : 'en'}
      options={[
        { label: 'English', value: 'en' },
        { label: '中文', value: 'zh' },
      ]}
      onChange={(v) => setLang(v as 'en' | 'zh')}
    />
  );
}
