// A login-required page whose content is server-rendered (success pages, third parts):
// the content shows only once the session is confirmed (docs/architecture.md "The client shape").
import type { ReactNode } from 'react';
import { MemberGate, type SessionChurch } from '../ui/index.ts';

export default function AccountGate({
  church,
  loadingLabel,
  children,
}: {
  church: SessionChurch;
  loadingLabel: string;
  children?: ReactNode;
}) {
  return (
    <MemberGate church={church} loadingLabel={loadingLabel}>
      {children}
    </MemberGate>
  );
}
