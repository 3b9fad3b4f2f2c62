// The StyleLens feature's public module: what another feature may use of it (the spec adapter's waiting
// analyze, features/designs/spec/; eslint.layers.js).
export { startStyleLens } from './start-style-lens';
export { readStyleLensTask, styleLensAnswer } from './read-style-lens-task';
export { STYLE_LENS_FAILED } from './run-style-lens';
