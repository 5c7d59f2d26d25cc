// Italian: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/it.json';
import pack from 'antd-mobile/es/locales/it-IT';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';

/** antd-mobile's Italian pack with the texts it leaves in English filled in (locales.test.ts checks). */
export const antd = mergeLocale(pack, {
  Calendar: {
    title: 'Seleziona la data',
    confirm: 'Conferma',
    start: 'inizio',
    end: 'fine',
    startAndEnd: 'inizio/fine',
    today: 'oggi',
  },
  Slider: {
    name: 'Cursore',
  },
  Switch: {
    name: 'Interruttore',
  },
});
