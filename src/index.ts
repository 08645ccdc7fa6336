// Public library surface. Only the library folders are exported: never the server or engine.
export { UxkitError } from './errors.js';
export * from './ux/index.js';
export * from './dist/index.js';
export * from './sampling/index.js';
export * from './plot/index.js';
export * from './trace/index.js';
