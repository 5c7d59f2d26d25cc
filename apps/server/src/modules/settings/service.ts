import type {
  AdminProduct,
  SetPeriodsBody,
  SettingKey,
  SettingValues,
  Setting as SettingView,
  UpdateProductBody,
} from '@nexa/contract';
import { periodProblems, perpetualProblems, settingProblems } from '@nexa/rules';
import type { Executor } from '../../platform/db.js';
import { invalid, notFound, refused } from '../../platform/errors.js';
import { recordAudit } from '../../platform/review.js';
import { settingsRepository as repo } from './repository.js';
import { type SettingsStore, toView } from './store.js';

/** What the products' calls need of the market: its live catalogue, reloaded after a change. */
export interface CatalogueView {
  products(): AdminProduct[];
}

export interface SettingsServiceDeps {
  db: Executor;
  store: SettingsStore;
  now: () => Date;
}

/**
 * Operators' changes of the settings and of the products' trading terms: checked (the contract's schema, then the
 * rules' safety checks), written with the audit row (before and after) and the revision bump in one transaction,
 * then applied here at once and announced to every node.
 */
export class SettingsService {
  constructor(private readonly d: SettingsServiceDeps) {}

  list() {
    return { revision: this.d.store.revision, list: this.d.store.list() };
  }

  async update<K extends SettingKey>(
    key: K,
    value: SettingValues[K],
    o: { operatorId: string; version?: number | undefined; reason?: string | undefined },
  ): Promise<SettingView> {
    const problems = settingProblems(key, value);
    if (problems.length > 0) throw invalid(problems);
    const { view, revision } = await this.d.db.transaction(async (tx) => {
      const before = await repo.lock(tx, key);
      if (!before) throw notFound();
      if (o.version !== undefined && o.version !== before.version) throw refused('settings.changedMeanwhile');
      const after = await repo.update(tx, key, value, o.operatorId, this.d.now());
      await recordAudit(tx, {
        operatorId: o.operatorId,
        action: 'setting.update',
        entity: 'setting',
        entityId: key,
        before: before.value,
        after: value,
        reason: o.reason ?? null,
      });
      return { view: toView(after, value), revision: await repo.bumpRevision(tx) };
    });
    await this.d.store.changed(revision);
    return view;
  }
}

export interface ProductsServiceDeps extends SettingsServiceDeps {
  catalogue: CatalogueView;
}

/** Enable or disable a product, its perpetual terms, its delivery periods (issue 17, Products). */
export class ProductsService {
  constructor(private readonly d: ProductsServiceDeps) {}

  list() {
    return { revision: this.d.store.revision, list: this.d.catalogue.products() };
  }

  async update(b: UpdateProductBody, operatorId: string): Promise<AdminProduct> {
    const revision = await this.d.db.transaction(async (tx) => {
      const before = await repo.lockProduct(tx, b.symbol);
      if (!before) throw notFound();
      const after = {
        ...before,
        enabled: b.enabled ?? before.enabled,
        maxLeverage: b.maxLeverage ?? before.maxLeverage,
        contractSize: b.contractSize ?? before.contractSize,
        feeRate: b.feeRate ?? before.feeRate,
      };
      const problems = perpetualProblems(after);
      if (problems.length > 0) throw invalid(problems);
      await repo.updateProduct(tx, after, this.d.now());
      await this.audit(tx, operatorId, 'product.update', b.symbol, before, after, b.reason);
      return repo.bumpRevision(tx);
    });
    return this.applied(revision, b.symbol);
  }

  async setPeriods(b: SetPeriodsBody, operatorId: string): Promise<AdminProduct> {
    const problems = periodProblems(b.periods);
    if (problems.length > 0) throw invalid(problems);
    const revision = await this.d.db.transaction(async (tx) => {
      if (!(await repo.lockProduct(tx, b.symbol))) throw notFound();
      const before = await repo.periods(tx, b.symbol);
      await repo.replacePeriods(tx, b.symbol, b.periods);
      await this.audit(tx, operatorId, 'product.periods', b.symbol, before, b.periods, b.reason);
      return repo.bumpRevision(tx);
    });
    return this.applied(revision, b.symbol);
  }

  private async audit(
    tx: Executor,
    operatorId: string,
    action: string,
    symbol: string,
    before: unknown,
    after: unknown,
    reason: string | undefined,
  ) {
    await recordAudit(tx, {
      operatorId,
      action,
      entity: 'product',
      entityId: symbol,
      before,
      after,
      reason: reason ?? null,
    });
  }

  /** Reloaded here (the catalogue follows the revision), announced to the others; the product as it now is. */
  private async applied(revision: number, symbol: string): Promise<AdminProduct> {
    await this.d.store.changed(revision);
    const product = this.d.catalogue.products().find((p) => p.symbol === symbol);
    if (!product) throw notFound();
    return product;
  }
}
