// The files feature's public module: what another feature may use of it (a feature reaches another only
// through its index.ts; eslint.layers.js).
export { mayReadFile } from './may-read-file';
export { sendStoredFile } from './send-stored-file';
