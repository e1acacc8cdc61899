// The mapping screen's guesses (docs/staff.md "Moving in"): a column's header, in Portuguese,
// English or Spanish, names the field it most likely fills.
import type { ImportField } from '../../contract/imports.ts';
import { fold } from './formats.ts';

const GUESSES: [ImportField, string[]][] = [
  ['email', ['email', 'e mail', 'correo', 'correo electronico', 'mail', 'email address']],
  ['cpf', ['cpf', 'cpf do membro', 'documento cpf']],
  [
    'sobrenome',
    ['sobrenome', 'last name', 'surname', 'family name', 'apellido', 'apellidos', 'ultimo nome'],
  ],
  [
    'nome',
    [
      'nome',
      'name',
      'nombre',
      'nome completo',
      'full name',
      'nombre completo',
      'first name',
      'primeiro nome',
      'membro',
      'member',
      'miembro',
    ],
  ],
  [
    'telefone',
    [
      'telefone',
      'celular',
      'fone',
      'phone',
      'mobile',
      'cell',
      'cell phone',
      'telefono',
      'movil',
      'whatsapp',
      'phone number',
    ],
  ],
  [
    'nascimento',
    [
      'data de nascimento',
      'nascimento',
      'dt nascimento',
      'data nasc',
      'aniversario',
      'birth date',
      'birthdate',
      'birthday',
      'date of birth',
      'dob',
      'fecha de nacimiento',
      'nacimiento',
      'cumpleanos',
    ],
  ],
  [
    'endereco',
    ['endereco', 'logradouro', 'rua', 'address', 'street', 'street address', 'direccion', 'calle'],
  ],
  ['bairro', ['bairro', 'neighborhood', 'neighbourhood', 'barrio', 'colonia']],
  ['cidade', ['cidade', 'municipio', 'city', 'town', 'ciudad']],
  ['estado', ['estado', 'uf', 'state', 'provincia', 'region']],
  ['cep', ['cep', 'zip', 'zip code', 'postal code', 'codigo postal', 'postcode']],
  [
    'numeroMembro',
    [
      'numero de membro',
      'numero membro',
      'n membro',
      'no membro',
      'matricula',
      'member number',
      'member id',
      'membership number',
      'numero de miembro',
      'rol',
    ],
  ],
  [
    'grupos',
    ['grupos', 'grupo', 'celula', 'celulas', 'groups', 'group', 'small group', 'ministerio'],
  ],
];

const GIFT_GUESSES: [ImportField, string[]][] = [
  ['data', ['data', 'date', 'fecha', 'data da doacao', 'gift date', 'dia']],
  ['email', ['email', 'e mail', 'correo', 'correo electronico', 'email do doador', 'donor email']],
  ['cpf', ['cpf', 'cpf do doador']],
  [
    'motivo',
    ['motivo', 'reason', 'fund', 'fundo', 'categoria', 'category', 'finalidade', 'destino'],
  ],
  ['valor', ['valor', 'amount', 'monto', 'importe', 'total', 'quantia']],
  [
    'metodo',
    ['metodo', 'forma de pagamento', 'method', 'payment method', 'metodo de pago', 'forma'],
  ],
];

/** For each header, the field it most likely fills (each field at most once), or null. */
export function guessMapping(
  header: string[],
  kind: 'pessoas' | 'doacoes',
): (ImportField | null)[] {
  const table = kind === 'pessoas' ? GUESSES : GIFT_GUESSES;
  const taken = new Set<ImportField>();
  const exact = header.map((h) => {
    const f = fold(h);
    const hit = table.find(([field, names]) => !taken.has(field) && names.includes(f))?.[0] ?? null;
    if (hit) taken.add(hit);
    return hit;
  });
  // then headers that contain a known name ("E-mail pessoal", "Telefone celular")
  return exact.map((hit, i) => {
    if (hit) return hit;
    const f = fold(header[i]!);
    const loose =
      table.find(
        ([field, names]) =>
          !taken.has(field) && names.some((n) => n.length > 2 && ` ${f} `.includes(` ${n} `)),
      )?.[0] ?? null;
    if (loose) taken.add(loose);
    return loose;
  });
}
