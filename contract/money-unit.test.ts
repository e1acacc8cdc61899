// One unit for money on the wire (contract/README.md "Money"): every amount is a number of currency
// units with up to two decimals (49.9 is R$ 49,90), never integer cents. This walks every schema
// every contract file exports and checks each money field, so a new cents field fails here.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** Field names that hold an amount of money (percentages and counts excluded). */
const MONEY_NAME =
  /^(valor|taxa(?!.*percent)|juros|soma|arrecadado|preco|price|amount|fee|total(?=[A-Z].*(Valor|Pago|Doado)))/i;
/** Names that say "cents" in any language: the wire has none. */
const CENTS_NAME = /(?<!per)cent/i;

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };
const WRAPPERS = [
  'optional',
  'nullable',
  'default',
  'readonly',
  'nonoptional',
  'catch',
  'prefault',
];

/** The schema a field's value is checked by, without optional/nullable/default wrappers. */
function core(schema: AnySchema): AnySchema {
  let s = schema;
  for (;;) {
    const def = s._zod.def;
    if (WRAPPERS.includes(def.type)) s = def.innerType as AnySchema;
    else if (def.type === 'pipe') {
      const out = def.out as AnySchema;
      s = (out._zod.def.type === 'transform' ? def.in : out) as AnySchema;
    } else return s;
  }
}

interface Field {
  where: string;
  name: string;
  schema: AnySchema;
}

/** Every object field reachable from the contract's exports (objects, arrays, unions, records…). */
function fieldsOf(root: AnySchema, where: string, into: Field[], seen: Set<unknown>) {
  if (!root?._zod || seen.has(root)) return;
  seen.add(root);
  const def = root._zod.def;
  const walk = (s: unknown, at: string) => fieldsOf(s as AnySchema, at, into, seen);
  switch (def.type) {
    case 'object':
      for (const [name, field] of Object.entries(def.shape as Record<string, AnySchema>)) {
        into.push({ where: `${where}.${name}`, name, schema: field });
        walk(field, `${where}.${name}`);
      }
      break;
    case 'array':
      walk(def.element, `${where}[]`);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option, where);
      break;
    case 'intersection':
      walk(def.left, where);
      walk(def.right, where);
      break;
    case 'record':
      walk(def.valueType, `${where}{}`);
      break;
    case 'pipe':
      walk(def.in, where);
      walk(def.out, where);
      break;
    default:
      if (WRAPPERS.includes(def.type)) walk(def.innerType, where);
  }
}

const dir = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

async function contractFields() {
  const all: Field[] = [];
  const seen = new Set<unknown>();
  for (const file of files) {
    const mod = (await import(`./${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (value && typeof value === 'object' && '_zod' in value)
        fieldsOf(value as AnySchema, `${file}:${name}`, all, seen);
  }
  return all;
}

const isNumber = (s: AnySchema) => core(s)._zod.def.type === 'number';
/** An amount in units takes 49.9; a whole-number schema (`.int()`: cents) takes 50 and refuses it. */
const takesDecimals = (s: AnySchema) => {
  const c = core(s);
  return c.safeParse(49.9).success || !c.safeParse(50).success;
};

describe('money on the wire', () => {
  it('has money fields to check (the walk reaches the nested answers)', async () => {
    const money = (await contractFields()).filter(
      (f) => MONEY_NAME.test(f.name) && isNumber(f.schema),
    );
    expect(money.length).toBeGreaterThan(30);
    // the Play plan's price and fee (once integer cents) are among them
    expect(money.map((f) => f.where)).toEqual(
      expect.arrayContaining(['play.ts:playPlanSchema.valor', 'play.ts:playPlanSchema.taxaAdesao']),
    );
  });

  it('names no field in cents', async () => {
    const cents = (await contractFields()).filter((f) => CENTS_NAME.test(f.name));
    expect(cents.map((f) => f.where)).toEqual([]);
  });

  it('keeps every amount in currency units with decimals, never integer cents', async () => {
    const wrong = (await contractFields())
      .filter((f) => MONEY_NAME.test(f.name) && isNumber(f.schema))
      .filter((f) => !takesDecimals(f.schema))
      .map((f) => f.where);
    expect(wrong).toEqual([]);
  });
});
