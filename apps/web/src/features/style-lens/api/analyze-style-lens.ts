import type { z } from 'zod';
import type { styleLensAnalyzeAnswer } from '@rv/contracts/api/style-lens';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { USER_PROFILE_KEY } from '@/lib/user-profile';

export type StyleLensAnalyzeAnswer = z.infer<typeof styleLensAnalyzeAnswer>;

export interface AnalyzeStyleLensInput {
  /** 5 to 10 photos, in the order the person arranged them. */
  photos: File[];
  /** Re-running an existing lens (/style-lens?edit=true). */
  editing: boolean;
}

/** POST /api/stylelens/analyze?editing={bool}, the photos as `styles`, with the 10-minute limit. */
export function analyzeStyleLens({ photos, editing }: AnalyzeStyleLensInput) {
  return call(
    'styleLensAnalyze',
    { query: { editing: editing ? 'true' : 'false' }, form: { styles: photos } },
    { timeoutMs: TIMEOUTS_MS.styleLensAnalysis },
  );
}

export function useAnalyzeStyleLens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeStyleLens,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_PROFILE_KEY, exact: true }),
  });
}
