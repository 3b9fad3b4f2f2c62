/** Types of pg-cluster.mjs for the TypeScript callers (the cluster test, benches). */
export function findPostgresBin(): string | null;
export function freePort(): Promise<number>;
export function startCluster(): Promise<{ url: string; restart(): void; stop(): void }>;
