// Spanish: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/sp.json';
import pack from 'antd-mobile/es/locales/es-ES';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';

/** antd-mobile's Spanish pack with the texts it leaves in English filled in (locales.test.ts checks). */
export const antd = mergeLocale(pack, {
  common: {
    close: 'Cerrar',
  },
  Calendar: {
    title: 'Seleccionar fecha',
    confirm: 'Confirmar',
    start: 'inicio',
    end: 'fin',
    startAndEnd: 'inicio/fin',
    today: 'hoy',
  },
  DatePicker: {
    tillNow: 'Hasta ahora',
  },
  ImageUploader: {
    upload: 'Subir',
  },
  InfiniteScroll: {
    noMore: 'No hay más',
    failedToLoad: 'Error al cargar',
    retry: 'Reintentar',
  },
  Input: {
    clear: 'borrar',
  },
  PasscodeInput: {
    name: 'Entrada de código',
  },
  SearchBar: {
    name: 'Barra de búsqueda',
  },
  Slider: {
    name: 'Control deslizante',
  },
  Stepper: {
    decrease: 'disminuir',
    increase: 'aumentar',
  },
  Switch: {
    name: 'Interruptor',
  },
  Selector: {
    name: 'Selector de opciones',
  },
});
