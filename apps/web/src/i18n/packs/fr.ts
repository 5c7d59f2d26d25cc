// French: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/fr.json';
import pack from 'antd-mobile/es/locales/fr-FR';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';

/** antd-mobile's French pack with the texts it leaves in English filled in (locales.test.ts checks). */
export const antd = mergeLocale(pack, {
  common: {
    close: 'Fermer',
  },
  Calendar: {
    title: 'Choisir une date',
    confirm: 'Confirmer',
    start: 'début',
    end: 'fin',
    startAndEnd: 'début/fin',
    today: "aujourd'hui",
  },
  DatePicker: {
    tillNow: "Jusqu'à maintenant",
  },
  InfiniteScroll: {
    failedToLoad: 'Échec du chargement',
    retry: 'Réessayer',
  },
  Input: {
    clear: 'effacer',
  },
  PasscodeInput: {
    name: 'Saisie du code',
  },
  SearchBar: {
    name: 'Barre de recherche',
  },
  Slider: {
    name: 'Curseur',
  },
  Stepper: {
    decrease: 'diminuer',
    increase: 'augmenter',
  },
  Switch: {
    name: 'Interrupteur',
  },
  Selector: {
    name: 'Sélecteur',
  },
});
