/**
 * The Node.js line the project runs on (ADR 019): 20.19 or newer, the version that loads ES modules
 * from CommonJS without a flag. package.json's `engines` says the same, and a test checks that every
 * locked package accepts it (scripts/node-line.test.ts).
 */
export const MINIMUM_NODE = { major: 20, minor: 19 } as const;

/** The message naming the problem when `version` (process.versions.node) is older than the line, else null. */
export function nodeVersionProblem(version: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const supported = major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor);
  return supported ? null : `Room Visualizer needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer; this is ${version}.`;
}
