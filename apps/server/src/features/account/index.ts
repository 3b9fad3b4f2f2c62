// The account feature's public module: what another feature may use of it (a feature reaches another only
// through its index.ts; eslint.layers.js).
export { locateIp } from './locate-ip';
