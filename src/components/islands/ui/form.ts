// Form state and the API's answers to it: values, per-field errors, a general message and the
// submitting flag (spec §5: a form is disabled while it is sent).
import { useState } from 'react';
import { readFailure } from '../../../lib/account/http.ts';
import type { Message } from './feedback.tsx';

export function useForm<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V | string, string>>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** A field's onChange: sets its value and clears its error. */
  const set = (name: keyof V) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  return {
    values,
    setValues,
    errors,
    setErrors,
    message,
    setMessage,
    submitting,
    setSubmitting,
    set,
  };
}

/** The first message of each field of an API error body. */
export function firstErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));
}

/** A failed call as the API explained it (already in the page's language), or `fallback`. */
export async function failureMessage(
  error: unknown,
  fallback: string,
): Promise<{ message: string; errors: Record<string, string[]>; status: number }> {
  const failure = await readFailure(error);
  return { message: failure.message || fallback, errors: failure.errors, status: failure.status };
}
