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

  it("keeps a crypto amount's own decimals and an operator's signed credit, and names the wallet in words", () => {
    const btc = messageText(i18n.t, {
      kind: 'withdrawal.approved',
      params: { amount: '0.005', currency: 'BTC', orderNo: 'W1' },
    });
    expect(btc.body).toBe('Your withdrawal of 0.00500000 BTC (order W1) has been paid out.');
    const adjusted = messageText(i18n.t, {
      kind: 'balance.adjusted',
      params: { amount: '+1075.5', currency: 'USDT', wallet: 'spot', mode: 'real', reason: 'Outage refund' },
    });
    expect(adjusted.body).toBe(
      'Your Spot wallet (Real account) was adjusted by +1,075.50 USDT. Reason: Outage refund.',
    );
    const debit = messageText(i18n.t, {
      kind: 'balance.adjusted',
      params: { amount: '-20.00', currency: 'USDT', wallet: 'copy', mode: 'demo', reason: 'Duplicate credit' },
    });
    expect(debit.body).toContain('Copy trading wallet (Demo account) was adjusted by -20.00 USDT');
  });

  it('splits a symbol at its quote currency, and leaves one it does not know', () => {
    expect(pairOfSymbol('ETHUSDT')).toBe('ETH/USDT');
    expect(pairOfSymbol('EURUSD')).toBe('EUR/USD');
    expect(pairOfSymbol('XAUUSD')).toBe('XAU/USD');
    expect(pairOfSymbol('USDT')).toBe('USDT');
    expect(pairOfSymbol('ABC')).toBe('ABC');
  });
});
