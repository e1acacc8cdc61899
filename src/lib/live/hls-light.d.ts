// hls.js ships no types for its `light` entry; it has the full build's API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
