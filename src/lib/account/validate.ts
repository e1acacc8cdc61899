// A form checked with the contract's own schema (the one the API validates with), so the
// browser and the API never disagree: the first message key of each field.
import type { z } from 'zod';
import { parseLocalDate } from '../../../contract/account-rules.ts';
import type { Lang } from '../../../contract/language.ts';

/** `{ field: messageKey }` of the issues of `body` against `schema`; empty when it passes. */
export function schemaErrors(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A typed local date (dd/mm/yyyy, mm/dd/yyyy) as the schema expects it: ISO when it reads as a
 * date, the text itself when not (the schema then says "invalid date"), undefined when blank
 * (the schema then says "required").
 */
export function dateForSchema(value: string, lang: Lang): string | undefined {
  if (!value.trim()) return undefined;
  return parseLocalDate(value, lang) ?? value;
}
