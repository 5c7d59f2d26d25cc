import type { Migration } from './index.js';

export const m0003Market: Migration = {
  version: 3,
  name: 'market',
  sql: /* sql */ `
-- The product catalogue: seed data operators change later (enabled flag, precision, periods, perpetual settings).
CREATE TABLE products (
  symbol          text PRIMARY KEY,
  base            text NOT NULL,
  quote           text NOT NULL,
  name            text NOT NULL,
  category        text NOT NULL CHECK (category IN ('crypto', 'forex', 'metal')),
  price_precision integer NOT NULL CHECK (price_precision BETWEEN 0 AND 10),
  size_precision  integer NOT NULL CHECK (size_precision BETWEEN 0 AND 10),
  -- Where the simulated walk starts and how much it moves (annualised volatility).
  sim_price       numeric(36, 18) NOT NULL CHECK (sim_price > 0),
  sim_volatility  numeric(10, 4) NOT NULL CHECK (sim_volatility > 0),
  -- The instrument on OKX; NULL: OKX has none, the simulation prices it in every mode.
  okx_inst_id     text,
  contract_size   numeric(36, 18) NOT NULL CHECK (contract_size > 0),
  max_leverage    integer NOT NULL CHECK (max_leverage BETWEEN 1 AND 200),
  fee_rate        numeric(10, 6) NOT NULL CHECK (fee_rate >= 0),
  enabled         boolean NOT NULL DEFAULT true,
  sort            integer NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- Fixed-time (delivery) periods per product.
CREATE TABLE delivery_periods (
  symbol    text NOT NULL REFERENCES products(symbol),
  seconds   integer NOT NULL CHECK (seconds > 0),
  yield     numeric(10, 4) NOT NULL CHECK (yield > 0),
  min_stake numeric(36, 18) NOT NULL CHECK (min_stake > 0),
  max_stake numeric(36, 18) NOT NULL CHECK (max_stake >= min_stake),
  PRIMARY KEY (symbol, seconds)
);

-- Every tick that can settle or trigger something, kept for a retention window: audit and replay.
CREATE TABLE ticks (
  symbol text NOT NULL,
  ts_ms  bigint NOT NULL,
  price  numeric(36, 18) NOT NULL CHECK (price > 0),
  -- Base size traded since the previous tick: volume and turnover are built from it.
  size   numeric(36, 18) NOT NULL DEFAULT 0 CHECK (size >= 0),
  source text NOT NULL,
  PRIMARY KEY (symbol, ts_ms)
);

CREATE TABLE klines (
  symbol    text NOT NULL,
  interval  text NOT NULL CHECK (interval IN ('1m', '5m', '15m', '30m', '1h', '4h', '1d')),
  open_time bigint NOT NULL,
  open      numeric(36, 18) NOT NULL,
  high      numeric(36, 18) NOT NULL,
  low       numeric(36, 18) NOT NULL,
  close     numeric(36, 18) NOT NULL,
  volume    numeric(36, 18) NOT NULL,
  turnover  numeric(36, 18) NOT NULL,
  PRIMARY KEY (symbol, interval, open_time)
);

-- Announcements, news and help articles; title and body per language, English the fallback.
CREATE TABLE notices (
  id         bigserial PRIMARY KEY,
  type       text NOT NULL CHECK (type IN ('notice', 'news', 'help')),
  title      jsonb NOT NULL,
  body       jsonb NOT NULL,
  published  boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notices_type_idx ON notices (type, created_at DESC);

CREATE TABLE carousel (
  id     bigserial PRIMARY KEY,
  title  jsonb NOT NULL,
  image  text NOT NULL,
  link   text NOT NULL,
  sort   integer NOT NULL
);

INSERT INTO products (symbol, base, quote, name, category, price_precision, size_precision, sim_price, sim_volatility,
                      okx_inst_id, contract_size, max_leverage, fee_rate, sort) VALUES
  ('BTCUSDT', 'BTC', 'USDT', 'Bitcoin', 'crypto', 2, 5, 67250.50, 0.60, 'BTC-USDT', 0.001, 100, 0.0005, 1),
  ('ETHUSDT', 'ETH', 'USDT', 'Ethereum', 'crypto', 2, 4, 3420.25, 0.70, 'ETH-USDT', 0.01, 100, 0.0005, 2),
  ('BNBUSDT', 'BNB', 'USDT', 'BNB', 'crypto', 2, 3, 585.40, 0.65, 'BNB-USDT', 0.1, 75, 0.0005, 3),
  ('SOLUSDT', 'SOL', 'USDT', 'Solana', 'crypto', 2, 2, 152.36, 0.90, 'SOL-USDT', 1, 75, 0.0005, 4),
  ('XRPUSDT', 'XRP', 'USDT', 'XRP', 'crypto', 4, 1, 0.6125, 0.85, 'XRP-USDT', 10, 75, 0.0005, 5),
  ('ADAUSDT', 'ADA', 'USDT', 'Cardano', 'crypto', 4, 1, 0.4580, 0.85, 'ADA-USDT', 10, 50, 0.0005, 6),
  ('DOGEUSDT', 'DOGE', 'USDT', 'Dogecoin', 'crypto', 5, 0, 0.15120, 1.00, 'DOGE-USDT', 100, 50, 0.0005, 7),
  ('TRXUSDT', 'TRX', 'USDT', 'TRON', 'crypto', 5, 0, 0.12350, 0.60, 'TRX-USDT', 100, 50, 0.0005, 8),
  ('TONUSDT', 'TON', 'USDT', 'Toncoin', 'crypto', 3, 2, 6.845, 0.85, 'TON-USDT', 1, 50, 0.0005, 9),
  ('AVAXUSDT', 'AVAX', 'USDT', 'Avalanche', 'crypto', 2, 2, 35.62, 0.95, 'AVAX-USDT', 1, 50, 0.0005, 10),
  ('DOTUSDT', 'DOT', 'USDT', 'Polkadot', 'crypto', 3, 2, 7.215, 0.85, 'DOT-USDT', 1, 50, 0.0005, 11),
  ('LINKUSDT', 'LINK', 'USDT', 'Chainlink', 'crypto', 3, 2, 17.480, 0.90, 'LINK-USDT', 1, 50, 0.0005, 12),
  ('POLUSDT', 'POL', 'USDT', 'Polygon', 'crypto', 4, 1, 0.5830, 0.95, 'POL-USDT', 10, 50, 0.0005, 13),
  ('LTCUSDT', 'LTC', 'USDT', 'Litecoin', 'crypto', 2, 3, 84.35, 0.75, 'LTC-USDT', 0.1, 50, 0.0005, 14),
  ('BCHUSDT', 'BCH', 'USDT', 'Bitcoin Cash', 'crypto', 2, 3, 468.20, 0.80, 'BCH-USDT', 0.1, 50, 0.0005, 15),
  ('UNIUSDT', 'UNI', 'USDT', 'Uniswap', 'crypto', 3, 2, 9.845, 0.95, 'UNI-USDT', 1, 50, 0.0005, 16),
  ('ATOMUSDT', 'ATOM', 'USDT', 'Cosmos', 'crypto', 3, 2, 8.362, 0.85, 'ATOM-USDT', 1, 50, 0.0005, 17),
  ('XLMUSDT', 'XLM', 'USDT', 'Stellar', 'crypto', 5, 0, 0.10950, 0.80, 'XLM-USDT', 100, 50, 0.0005, 18),
  ('ETCUSDT', 'ETC', 'USDT', 'Ethereum Classic', 'crypto', 2, 2, 26.84, 0.85, 'ETC-USDT', 1, 50, 0.0005, 19),
  ('FILUSDT', 'FIL', 'USDT', 'Filecoin', 'crypto', 3, 2, 5.912, 0.95, 'FIL-USDT', 1, 50, 0.0005, 20),
  ('APTUSDT', 'APT', 'USDT', 'Aptos', 'crypto', 3, 2, 9.125, 1.00, 'APT-USDT', 1, 50, 0.0005, 21),
  ('ARBUSDT', 'ARB', 'USDT', 'Arbitrum', 'crypto', 4, 1, 1.0250, 1.00, 'ARB-USDT', 10, 50, 0.0005, 22),
  ('OPUSDT', 'OP', 'USDT', 'Optimism', 'crypto', 4, 1, 2.3450, 1.00, 'OP-USDT', 10, 50, 0.0005, 23),
  ('NEARUSDT', 'NEAR', 'USDT', 'NEAR Protocol', 'crypto', 3, 2, 6.825, 1.00, 'NEAR-USDT', 1, 50, 0.0005, 24),
  ('ICPUSDT', 'ICP', 'USDT', 'Internet Computer', 'crypto', 3, 2, 11.850, 1.00, 'ICP-USDT', 1, 50, 0.0005, 25),
  ('AAVEUSDT', 'AAVE', 'USDT', 'Aave', 'crypto', 2, 3, 98.45, 0.95, 'AAVE-USDT', 0.1, 50, 0.0005, 26),
  ('SUIUSDT', 'SUI', 'USDT', 'Sui', 'crypto', 4, 1, 1.1250, 1.10, 'SUI-USDT', 10, 50, 0.0005, 27),
  ('SHIBUSDT', 'SHIB', 'USDT', 'Shiba Inu', 'crypto', 8, 0, 0.00002315, 1.10, 'SHIB-USDT', 100000, 25, 0.0005, 28),
  ('PEPEUSDT', 'PEPE', 'USDT', 'Pepe', 'crypto', 8, 0, 0.00001185, 1.30, 'PEPE-USDT', 100000, 25, 0.0005, 29),
  ('INJUSDT', 'INJ', 'USDT', 'Injective', 'crypto', 3, 2, 25.350, 1.10, 'INJ-USDT', 1, 50, 0.0005, 30),
  ('HBARUSDT', 'HBAR', 'USDT', 'Hedera', 'crypto', 5, 0, 0.09850, 0.95, 'HBAR-USDT', 100, 50, 0.0005, 31),
  ('VETUSDT', 'VET', 'USDT', 'VeChain', 'crypto', 5, 0, 0.03125, 0.95, 'VET-USDT', 100, 50, 0.0005, 32),
  ('ALGOUSDT', 'ALGO', 'USDT', 'Algorand', 'crypto', 5, 0, 0.18250, 0.90, 'ALGO-USDT', 100, 50, 0.0005, 33),
  ('SANDUSDT', 'SAND', 'USDT', 'The Sandbox', 'crypto', 4, 1, 0.4385, 1.00, 'SAND-USDT', 10, 50, 0.0005, 34),
  ('MANAUSDT', 'MANA', 'USDT', 'Decentraland', 'crypto', 4, 1, 0.4210, 1.00, 'MANA-USDT', 10, 50, 0.0005, 35),
  ('AXSUSDT', 'AXS', 'USDT', 'Axie Infinity', 'crypto', 3, 2, 7.125, 1.00, 'AXS-USDT', 1, 50, 0.0005, 36),
  ('EURUSD', 'EUR', 'USD', 'Euro / US Dollar', 'forex', 5, 2, 1.08450, 0.08, NULL, 1000, 100, 0.0003, 37),
  ('GBPUSD', 'GBP', 'USD', 'British Pound / US Dollar', 'forex', 5, 2, 1.27150, 0.09, NULL, 1000, 100, 0.0003, 38),
  ('USDJPY', 'USD', 'JPY', 'US Dollar / Japanese Yen', 'forex', 3, 2, 151.245, 0.10, NULL, 1000, 100, 0.0003, 39),
  ('AUDUSD', 'AUD', 'USD', 'Australian Dollar / US Dollar', 'forex', 5, 2, 0.66120, 0.10, NULL, 1000, 100, 0.0003, 40),
  ('USDCAD', 'USD', 'CAD', 'US Dollar / Canadian Dollar', 'forex', 5, 2, 1.36480, 0.07, NULL, 1000, 100, 0.0003, 41),
  ('USDCHF', 'USD', 'CHF', 'US Dollar / Swiss Franc', 'forex', 5, 2, 0.90350, 0.08, NULL, 1000, 100, 0.0003, 42),
  ('XAUUSD', 'XAU', 'USD', 'Gold / US Dollar', 'metal', 2, 2, 2345.60, 0.15, NULL, 1, 100, 0.0003, 43),
  ('XAGUSD', 'XAG', 'USD', 'Silver / US Dollar', 'metal', 3, 2, 29.485, 0.25, NULL, 10, 50, 0.0003, 44);

INSERT INTO delivery_periods (symbol, seconds, yield, min_stake, max_stake)
SELECT p.symbol, d.seconds, d.yield, d.min_stake, d.max_stake
FROM products p CROSS JOIN (VALUES
  (30, 0.80, 10, 5000), (60, 0.82, 10, 10000), (180, 0.85, 10, 20000), (300, 0.87, 50, 50000), (600, 0.90, 100, 100000)
) AS d (seconds, yield, min_stake, max_stake);

INSERT INTO carousel (title, image, link, sort) VALUES
  ('{"en": "Trade 40+ markets from your phone", "zh": "随时随地交易40多个市场"}', '/h5/banners/markets.svg', '#/pages/tabbarPages/markets/index', 1),
  ('{"en": "Practise risk-free with demo assets", "zh": "使用模拟资产零风险练习"}', '/h5/banners/demo.svg', '#/pages/tabbarPages/mine/getAssets', 2),
  ('{"en": "Perpetual contracts up to 100x", "zh": "永续合约最高100倍杠杆"}', '/h5/banners/perpetual.svg', '#/pages/tabbarPages/perpetual/index', 3);

INSERT INTO notices (type, title, body, created_at) VALUES
  ('notice', '{"en": "Welcome to Nexa", "zh": "欢迎来到 Nexa"}',
   '{"en": "Nexa lets you trade crypto, forex and metals from your phone. Start in demo mode with free demo assets, then switch to your real account when you are ready.", "zh": "Nexa 让您随时随地交易加密货币、外汇和贵金属。先在模拟模式下使用免费的模拟资产练习，准备好后再切换到真实账户。"}',
   now() - interval '2 days'),
  ('notice', '{"en": "Scheduled maintenance window", "zh": "系统维护通知"}',
   '{"en": "Deposits and withdrawals may be delayed for up to 30 minutes during maintenance on Sunday 02:00–02:30 UTC. Trading is not affected.", "zh": "周日 02:00–02:30（UTC）系统维护期间，充值和提现可能延迟最多30分钟，交易不受影响。"}',
   now() - interval '1 day'),
  ('notice', '{"en": "New products listed", "zh": "新品种上线"}',
   '{"en": "SUI, PEPE and INJ are now available for delivery and perpetual contracts.", "zh": "SUI、PEPE 和 INJ 现已支持交割合约和永续合约交易。"}',
   now() - interval '3 hours');
`,
};
