// Portuguese (antd-mobile has pt-BR only): the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/pt.json';
import pack from 'antd-mobile/es/locales/pt-BR';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';

/** antd-mobile's Portuguese pack with the texts it leaves in English filled in (locales.test.ts checks). */
export const antd = mergeLocale(pack, {
  Calendar: {
    title: 'Selecionar data',
    confirm: 'Confirmar',
    start: 'início',
    end: 'fim',
    startAndEnd: 'início/fim',
    today: 'hoje',
  },
});
