// The benches' middle figure.

/** The middle of `values` once sorted (the upper middle of an even count); `values` is left as it is. */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
