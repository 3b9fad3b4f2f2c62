import type { ReactNode } from 'react';

/** A slot the route fills with the StyleLens notice ("Your StyleLens is applied" + leave-it-out checkbox). */
export type StyleLensNoticeSlot = (useLens: boolean, onChange: (use: boolean) => void) => ReactNode;
