import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export interface BugReportInput {
  description: string;
  email: string;
  screenshots: File[];
}

export function createBugReport(input: BugReportInput) {
  return call('bugReport', {
    form: {
      description: input.description,
      email: input.email,
      pageUrl: window.location.href,
      userAgent: navigator.userAgent,
      trails: input.screenshots,
    },
  });
}

export function useCreateBugReport() {
  return useMutation({ mutationFn: createBugReport });
}
