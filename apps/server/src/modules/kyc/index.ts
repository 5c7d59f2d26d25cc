import type { Executor } from '../../platform/db.js';
import type { ApprovalHook, KycOperations, UploadReader } from '../../platform/review.js';
import type { MessagePort } from '../messages/index.js';
import { KycService } from './service.js';

export { registerKycRoutes } from './routes.js';
export { KycService } from './service.js';

export interface KycModule {
  service: KycService;
  /** What the operator API drives. */
  operations: KycOperations;
}

export function createKyc(d: {
  db: Executor;
  now: () => Date;
  onVerified?: ApprovalHook;
  messages?: MessagePort;
  uploads: Pick<UploadReader, 'read'>;
}): KycModule {
  const service = new KycService(d);
  return {
    service,
    operations: {
      listVerifications: (q) => service.list(q),
      approveVerification: (id, decision) => service.approve(id, decision),
      rejectVerification: (id, decision) => service.reject(id, decision),
    },
  };
}
