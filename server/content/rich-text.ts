// Old path: the sanitiser is neutral code now (common/rich-text.ts), shared by the API and the
// web pages without the web importing server/. Import it from there; this goes once unused.
export { sanitizeRichText } from '../../common/rich-text.ts';
