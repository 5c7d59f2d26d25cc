import type { OperatorRole } from './admin.js';

/**
 * Who may make each operator call: THE one table the server enforces on every `admin/…` call (issue 17).
 * `admin` may make every call and is never listed; a call missing from this table is admin-only. Another
 * module's admin call is allowed to more roles by adding its line here. `admin/file` is the operator's upload
 * route (deposit screenshots, identity photos).
 */
const EVERY_ROLE = ['reviewer', 'support', 'content', 'finance'] as const;

export const CALL_ROLES: Readonly<Record<string, readonly OperatorRole[]>> = {
  // One's own session and second factor.
  'admin/logout': EVERY_ROLE,
  'admin/me': EVERY_ROLE,
  'admin/totpSetup': EVERY_ROLE,
  'admin/totpEnable': EVERY_ROLE,
  // Reviews.
  'admin/deposits': ['reviewer', 'finance'],
  'admin/approveDeposit': ['reviewer'],
  'admin/rejectDeposit': ['reviewer'],
  'admin/withdrawals': ['reviewer', 'finance'],
  'admin/approveWithdrawal': ['reviewer'],
  'admin/rejectWithdrawal': ['reviewer'],
  'admin/verifications': ['reviewer', 'support'],
  'admin/approveVerification': ['reviewer'],
  'admin/rejectVerification': ['reviewer'],
  'admin/file': ['reviewer', 'support'],
  'admin/fundingStatus': ['reviewer', 'finance'],
  // The audit trail.
  'admin/auditLog': ['finance'],
  'admin/auditExport': ['finance'],
  // Users (console module): support looks and acts; reviewers and finance look.
  'admin/users': ['support', 'reviewer', 'finance'],
  'admin/user': ['support', 'reviewer', 'finance'],
  'admin/userChanges': ['support', 'reviewer', 'finance'],
  'admin/userOrders': ['support', 'reviewer', 'finance'],
  'admin/userPositions': ['support', 'reviewer', 'finance'],
  'admin/userFunding': ['support', 'reviewer', 'finance'],
  'admin/userFreeze': ['support'],
  'admin/userRevokeSessions': ['support'],
  'admin/userReset2fa': ['support'],
  // The dashboard.
  'admin/dashboard': ['finance'],
  // Content (issue 16): announcements, banners, help articles.
  'admin/contentList': ['content', 'support'],
  'admin/saveContent': ['content'],
  'admin/publishContent': ['content'],
  'admin/orderContent': ['content'],
  'admin/deleteContent': ['content'],
  // The support inbox (issue 16); the channels themselves are the admin's (not listed).
  'admin/supportConversations': ['support'],
  'admin/supportConversation': ['support'],
  'admin/assignSupport': ['support'],
  'admin/replySupport': ['support'],
  'admin/closeSupport': ['support'],
  'admin/reopenSupport': ['support'],
  'admin/supportUpload': ['support'],
  'admin/supportChannels': ['support'],
  // The referral table (issue 15): finance reads it; changing it is the admin's.
  'admin/referralTable': ['finance'],
  // Copy trading and referral oversight (read only): support answers users' questions, finance checks the money.
  'admin/copyPlans': ['support', 'finance'],
  'admin/copyPlan': ['support', 'finance'],
  'admin/copyLeaders': ['support', 'finance'],
  'admin/rebates': ['support', 'finance'],
  'admin/teamTree': ['support', 'finance'],
  // Configuration and products (admin only, not listed) may be read by finance; adjustments are finance's (four eyes).
  'admin/settings': ['finance'],
  'admin/products': ['finance'],
  'admin/adjustments': ['finance'],
  'admin/proposeAdjustment': ['finance'],
  'admin/approveAdjustment': ['finance'],
  'admin/rejectAdjustment': ['finance'],
};

/**
 * What an operator may do before turning on two-factor authentication where it is required: their own session and
 * the enrolment, nothing else.
 */
export const BEFORE_SECOND_FACTOR: readonly string[] = [
  'admin/me',
  'admin/logout',
  'admin/totpSetup',
  'admin/totpEnable',
];

/** Whether an operator of `role` may make `call` (fail closed: unknown calls are the admin's only). */
export function mayCall(role: OperatorRole, call: string): boolean {
  return role === 'admin' || (CALL_ROLES[call]?.includes(role) ?? false);
}
