import { LANGS } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { catalogues } from './index.js';
import { fieldMessage, t } from './translate.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server message catalogues', () => {
  for (const lang of LANGS) {
    it(`${lang} has every key, with the same placeholders as English`, () => {
      const cat = catalogues[lang];
      expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(cat[key as keyof typeof en]), `${lang}.${key}`).toEqual(placeholders(text));
        if (lang !== 'en' && !key.startsWith('label.') && key !== 'ok') {
          expect(cat[key as keyof typeof en], `${lang}.${key} is untranslated`).not.toBe(text);
        }
      }
    });
  }

  it('fills placeholders and names the field', () => {
    expect(t('en', 'auth.locked', { minutes: 15 })).toBe('Too many failed attempts. Please try again in 15 minutes.');
    expect(fieldMessage('en', { field: 'email', reason: 'required' })).toBe('Please enter e-mail');
    expect(fieldMessage('en', { field: 'password2', reason: 'mismatch' })).toBe('The passwords do not match');
    expect(fieldMessage('zh', { field: 'email', reason: 'required' })).not.toBe('Please enter e-mail');
  });
});
