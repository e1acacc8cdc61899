// Old path: the parser is neutral code now (common/bible/reference-parser.ts), so the web app
// can use it without importing server/. Import it from there; this re-export goes once unused.
export * from '../../common/bible/reference-parser.ts';
