import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export interface BugReportInput {
  description: string;
  email: string;
  screenshots: File[];
}

export function createBugReport(input: BugReportInput) {
  const form = new FormData();
  form.set('description', input.description);
  form.set('email', input.email);
  form.set('pageUrl', window.location.href);
  form.set('userAgent', navigator.userAgent);
  for (const file of input.screenshots) form.append('trails', file);
  return call('bugReport', { form });
}

export function useCreateBugReport() {
  return useMutation({ mutationFn: createBugReport });
}
