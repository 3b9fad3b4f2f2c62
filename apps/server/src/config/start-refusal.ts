/**
 * A refusal that stops a process at start with its own message and no stack: the operator reads what to
 * do, not where in the code it was found (the embedded database held by another process, db/pglite-lock.ts).
 * The entry points print it as they print a bad configuration (exitOnConfigError).
 */
export class StartRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefusal';
  }
}
