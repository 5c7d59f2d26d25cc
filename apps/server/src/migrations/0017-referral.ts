import type { Migration } from './index.js';

/**
 * The invitation and rebate programme (issue 15).
 * - `referral_tables`: each version of the operator-editable table (minimum deposit, six levels with thresholds and
 *   rates); the one with the latest `effective_at` at or before a revenue event prices it, so a change applies from
 *   then on. Version 1 holds the defaults (docs/decisions.md "Referral programme").
 * - `referral_qualifications`: a user counts towards their uplines' levels once they made an approved deposit of at
 *   least the minimum and passed identity verification; `document_key` (a hash of the ID document) is unique, so
 *   one document qualifies one account only.
 * - `rebate_events`: each revenue event (a perpetual fee, a settled stake) claimed by a rebate batch, exactly once.
 * - `rebate_records`: each rebate paid, unique per (event, earner), with the ledger transfer that paid it.
 */
export const m0017Referral: Migration = {
  version: 17,
  name: 'referral',
  sql: /* sql */ `
CREATE TABLE referral_tables (
  version      serial PRIMARY KEY,
  min_deposit  numeric(36, 18) NOT NULL CHECK (min_deposit > 0),
  levels       jsonb NOT NULL,
  effective_at timestamptz NOT NULL,
  operator_id  bigint REFERENCES operators(id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO referral_tables (min_deposit, levels, effective_at) VALUES (100, '[
  {"level":1,"needDirect":0,"needSecond":0,"feeRates":["0.1","0.05","0.02"],"turnoverRates":["0.001","0.0005","0.0002"]},
  {"level":2,"needDirect":3,"needSecond":0,"feeRates":["0.15","0.07","0.03"],"turnoverRates":["0.0015","0.0007","0.0003"]},
  {"level":3,"needDirect":10,"needSecond":20,"feeRates":["0.2","0.1","0.05"],"turnoverRates":["0.002","0.001","0.0005"]},
  {"level":4,"needDirect":30,"needSecond":60,"feeRates":["0.25","0.12","0.06"],"turnoverRates":["0.0025","0.0012","0.0006"]},
  {"level":5,"needDirect":60,"needSecond":150,"feeRates":["0.3","0.15","0.08"],"turnoverRates":["0.003","0.0015","0.0008"]},
  {"level":6,"needDirect":100,"needSecond":300,"feeRates":["0.35","0.18","0.1"],"turnoverRates":["0.0035","0.0018","0.001"]}
]'::jsonb, '1970-01-01T00:00:00Z');

CREATE TABLE referral_qualifications (
  user_id      bigint PRIMARY KEY REFERENCES users(id),
  document_key text NOT NULL UNIQUE,
  qualified_at timestamptz NOT NULL
);

CREATE TABLE rebate_events (
  source     text NOT NULL,
  source_id  bigint NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, source_id)
);

CREATE TABLE rebate_records (
  id             bigserial PRIMARY KEY,
  source         text NOT NULL,
  source_id      bigint NOT NULL,
  earner_id      bigint NOT NULL REFERENCES users(id),
  source_user_id bigint NOT NULL REFERENCES users(id),
  depth          smallint NOT NULL CHECK (depth BETWEEN 1 AND 3),
  product        text NOT NULL CHECK (product IN ('perpetual', 'delivery', 'copy')),
  currency       text NOT NULL,
  base_amount    numeric(36, 18) NOT NULL CHECK (base_amount > 0),
  rate           numeric(12, 8) NOT NULL CHECK (rate > 0),
  rebate         numeric(36, 18) NOT NULL CHECK (rebate > 0),
  earner_level   smallint NOT NULL,
  table_version  integer NOT NULL REFERENCES referral_tables(version),
  transfer_id    bigint NOT NULL UNIQUE REFERENCES ledger_transfers(id),
  created_at     timestamptz NOT NULL,
  UNIQUE (source, source_id, earner_id),
  FOREIGN KEY (source, source_id) REFERENCES rebate_events (source, source_id)
);
CREATE INDEX rebate_records_earner_idx ON rebate_records (earner_id, created_at DESC, id DESC);

-- The rebate batches read unclaimed revenue events by id: real perpetual fees and settled real stakes.
CREATE INDEX ledger_transfers_real_fee_idx ON ledger_transfers (id) WHERE type = 'perp_fee' AND mode = 'real';
CREATE INDEX delivery_orders_settled_real_idx ON delivery_orders (id) WHERE mode = 'real' AND status IN ('won', 'lost');
`,
};
