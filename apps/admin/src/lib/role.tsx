import { type OperatorRole, mayCall } from '@nexa/contract';
import { type ReactNode, createContext, useContext } from 'react';
import type { CallName } from './api';

/** A contract call, or the operator's file route (uploads: deposit screenshots, identity photos). */
type Call = CallName | 'admin/file';

const RoleContext = createContext<OperatorRole | null>(null);

/** The signed-in operator's role, for the screens below it. */
export function RoleProvider({ role, children }: { role: OperatorRole; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

/**
 * Whether the signed-in operator may make a call, from the same table the server enforces (`CALL_ROLES` in the
 * contract). Screens hide or disable what the role may not do; the server still refuses it (403) either way.
 */
export function useMay(): (call: Call) => boolean {
  const role = useContext(RoleContext);
  return (call) => role !== null && mayCall(role, call);
}

/** Renders its children only when the operator may make `call`. */
export function Can({ call, children }: { call: Call; children: ReactNode }) {
  return useMay()(call) ? <>{children}</> : null;
}
