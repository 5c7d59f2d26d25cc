import type { FastifyInstance } from 'fastify';
import type { AuthOperator, Router } from '../../platform/http.js';
import type { FundingOperations, KycOperations, UploadReader } from '../../platform/review.js';
import { registerAdminFileRoute } from './http.js';
import type { OperatorAdmin } from './operator-admin.js';
import type { AdminAuthService } from './service.js';

export interface AdminPorts {
  funding: FundingOperations;
  kyc: KycOperations;
  uploads: UploadReader;
}

/**
 * The operator API. Reviews are delegated to the domains through their ports; each decision carries the
 * operator and the reason, and the domain applies it at most once, with its audit row, in one transaction.
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  r: Router,
  services: { auth: AdminAuthService; operators: OperatorAdmin },
  ports: AdminPorts,
  o: {
    loginPerIpPerMinute: number;
    /** The role table and the second-factor rule, as every other operator call passes them. */
    may: (operator: AuthOperator, call: string) => boolean;
    twoFactorRequired: boolean;
  },
) {
  const { loginPerIpPerMinute } = o;
  const { funding, kyc } = ports;
  const { auth, operators } = services;
  const decision = (operatorId: string, reason: string | undefined) => ({ operatorId, reason: reason || null });

  r.handle('admin/login', (body, ctx) => auth.login(body, ctx.ip), { perIpPerMinute: loginPerIpPerMinute });
  r.handle('admin/logout', (_body, ctx) => auth.logout(ctx.operator));
  r.handle('admin/me', async (_body, ctx) => ({ ...auth.me(ctx.operator), twoFactorRequired: o.twoFactorRequired }));
  r.handle('admin/totpSetup', (_body, ctx) => auth.totpSetup(ctx.operator), { perIpPerMinute: loginPerIpPerMinute });
  r.handle('admin/totpEnable', (b, ctx) => auth.totpEnable(ctx.operator, b.code), {
    perIpPerMinute: loginPerIpPerMinute,
  });

  r.handle('admin/operators', () => operators.list());
  r.handle('admin/operatorCreate', (b, ctx) => operators.create(ctx.operator, b));
  r.handle('admin/operatorSetRole', (b, ctx) => operators.setRole(ctx.operator, b));
  r.handle('admin/operatorSetDisabled', (b, ctx) => operators.setDisabled(ctx.operator, b));
  r.handle('admin/operatorUnlock', (b, ctx) => operators.unlock(ctx.operator, b));
  r.handle('admin/operatorResetPassword', (b, ctx) => operators.resetPassword(ctx.operator, b));
  r.handle('admin/operatorResetTotp', (b, ctx) => operators.resetTotp(ctx.operator, b));
  r.handle('admin/lockedAddresses', () => operators.lockedAddresses());
  r.handle('admin/addressUnlock', (b, ctx) => operators.unlockAddress(ctx.operator, b));

  r.handle('admin/deposits', (b) =>
    funding.listDeposits({ status: b.status, page: b.page, pageSize: b.pageSize }).then(paged(b)),
  );
  r.handle('admin/approveDeposit', (b, ctx) => funding.approveDeposit(b.id, decision(ctx.operator.id, b.reason)));
  r.handle('admin/rejectDeposit', (b, ctx) => funding.rejectDeposit(b.id, decision(ctx.operator.id, b.reason)));

  r.handle('admin/withdrawals', (b) =>
    funding.listWithdrawals({ status: b.status, page: b.page, pageSize: b.pageSize }).then(paged(b)),
  );
  r.handle('admin/approveWithdrawal', (b, ctx) => funding.approveWithdrawal(b.id, decision(ctx.operator.id, b.reason)));
  r.handle('admin/rejectWithdrawal', (b, ctx) => funding.rejectWithdrawal(b.id, decision(ctx.operator.id, b.reason)));

  r.handle('admin/verifications', (b) =>
    kyc.listVerifications({ status: b.status, page: b.page, pageSize: b.pageSize }).then(paged(b)),
  );
  r.handle('admin/approveVerification', (b, ctx) => kyc.approveVerification(b.id, decision(ctx.operator.id, b.reason)));
  r.handle('admin/rejectVerification', (b, ctx) => kyc.rejectVerification(b.id, decision(ctx.operator.id, b.reason)));

  r.handle('admin/fundingStatus', async () => funding.fundingStatus());

  r.handle('admin/auditLog', (b) => {
    const { page, pageSize, ...filter } = b;
    return auth.auditLog(filter, page, pageSize);
  });
  r.handle('admin/auditExport', (b) => auth.auditExport(b));

  registerAdminFileRoute(app, (token) => auth.authenticate(token), ports.uploads, o.may);
}

const paged =
  (b: { page: number; pageSize: number }) =>
  <T>(p: { list: T[]; total: number }) => ({ list: p.list, total: p.total, page: b.page, pageSize: b.pageSize });
