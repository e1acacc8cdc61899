// The sanitiser lives with the content API (it also gives members a sanitised study body);
// the pages print with the same policy.
export { sanitizeRichText } from '../../common/rich-text.ts';
