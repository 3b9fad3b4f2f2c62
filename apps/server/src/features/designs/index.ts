// The designs feature's public module: what another feature may use of it (a feature reaches another only
// through its index.ts; eslint.layers.js).
export { loadDesignImages } from './load-design-images';
export { recordAdminRead } from './view/record-admin-read';
export { designFiles, noImageRetryKey, resultsManifestKey, resultThumbKey } from './images/design-files';
export { inSharedHome } from './homes/homes';
export { streamWork } from './event-stream';
