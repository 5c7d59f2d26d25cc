import { m0001Accounts } from './0001-accounts.js';
import { m0002Ledger } from './0002-ledger.js';
import { m0003Market } from './0003-market.js';
import { m0004Delivery } from './0004-delivery.js';
import { m0005Operators } from './0005-operators.js';
import { m0006Funding } from './0006-funding.js';
import { m0007Convert } from './0007-convert.js';
import { m0008Perpetual } from './0008-perpetual.js';
import { m0009OrderWallets } from './0009-order-wallets.js';
import { m0010UserEvents } from './0010-user-events.js';
import { m0011ContentLanguages } from './0011-content-languages.js';
import { m0012TradingLimits } from './0012-trading-limits.js';
import { m0013Security } from './0013-security.js';
import { m0014ProductNames } from './0014-product-names.js';
import { m0015AddressWhitelist } from './0015-address-whitelist.js';
import { m0016CopyTrading } from './0016-copy-trading.js';
import { m0017Referral } from './0017-referral.js';
import { m0018HelpContent } from './0018-help-content.js';
import { m0019Messages } from './0019-messages.js';
import { m0020Support } from './0020-support.js';
import { m0021Console } from './0021-console.js';
import { m0022Settings } from './0022-settings.js';
import { m0023RebateWindow } from './0023-rebate-window.js';
import { m0024RebateTransferPerEarner } from './0024-rebate-transfer-per-earner.js';
import { m0025RebateRecordChecks } from './0025-rebate-record-checks.js';
import { m0026LedgerReferenceChecks } from './0026-ledger-reference-checks.js';
import { m0027LedgerNoTruncate } from './0027-ledger-no-truncate.js';
import { m0028UserEventsJson } from './0028-user-events-json.js';
import { m0029LedgerReferenceProbes } from './0029-ledger-reference-probes.js';
import { m0030LoginAttemptsAudit } from './0030-login-attempts-audit.js';
import { m0031UserSearchIndexes } from './0031-user-search-indexes.js';
import { m0032CodeBudget } from './0032-code-budget.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Numbered migrations, applied in this order; never edit one that has shipped, add the next. */
export const migrations: readonly Migration[] = [
  m0001Accounts,
  m0002Ledger,
  m0003Market,
  m0004Delivery,
  m0005Operators,
  m0006Funding,
  m0007Convert,
  m0008Perpetual,
  m0009OrderWallets,
  m0010UserEvents,
  m0011ContentLanguages,
  m0012TradingLimits,
  m0013Security,
  m0014ProductNames,
  m0015AddressWhitelist,
  m0016CopyTrading,
  m0017Referral,
  m0018HelpContent,
  m0019Messages,
  m0020Support,
  m0021Console,
  m0022Settings,
  m0023RebateWindow,
  m0024RebateTransferPerEarner,
  m0025RebateRecordChecks,
  m0026LedgerReferenceChecks,
  m0027LedgerNoTruncate,
  m0028UserEventsJson,
  m0029LedgerReferenceProbes,
  m0030LoginAttemptsAudit,
  m0031UserSearchIndexes,
  m0032CodeBudget,
];
