import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { messageText, pairOfSymbol } from './message-text';

const en = JSON.parse(readFileSync(new URL('../../../i18n/locales/en.json', import.meta.url), 'utf8'));
const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en } } });

describe('message text', () => {
  it('writes a settled order as the app writes pairs and amounts: BTC/USDT, two decimals, thousands grouped', () => {
    const { body } = messageText(i18n.t, {
      kind: 'delivery.settled',
      params: { symbol: 'BTCUSDT', mode: 'demo', result: 'won', stake: '1500', payout: '2700.5', currency: 'USDT' },
    });
    expect(body).toBe('BTC/USDT (Demo account): won. Stake 1,500.00 USDT, payout 2,700.50 USDT.');
  });

  it('splits a symbol at its quote currency, and leaves one it does not know', () => {
    expect(pairOfSymbol('ETHUSDT')).toBe('ETH/USDT');
    expect(pairOfSymbol('EURUSD')).toBe('EUR/USD');
    expect(pairOfSymbol('XAUUSD')).toBe('XAU/USD');
    expect(pairOfSymbol('USDT')).toBe('USDT');
    expect(pairOfSymbol('ABC')).toBe('ABC');
  });
});
