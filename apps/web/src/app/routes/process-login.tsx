import { ProcessLogin } from '@/features/auth/components/process-login';

export function Component() {
  return <ProcessLogin />;
}
