// The props every island gets from its page (IslandProps of src/components/islands/ui): the
// church (for the session), the language and only the strings of the given key prefixes
// (islands do not load i18next).
import type { IslandProps } from '../components/islands/ui/props.ts';
import { messages } from './i18n.ts';

export function islandProps(
  locals: App.Locals,
  prefixes: readonly string[],
): IslandProps & { slug: string } {
  const church = locals.church!.church;
  const strings = Object.fromEntries(
    Object.entries(messages[locals.lang]).filter(([key]) =>
      prefixes.some((p) => key.startsWith(p)),
    ),
  );
  return {
    church: {
      id: church.id,
      codigo: church.codigo,
      nome: church.nome,
      pais: church.endereco.pais,
      fusoHorario: church.fusoHorario,
      slugOrganizacao: church.slugOrganizacao,
    },
    slug: church.slug,
    lang: locals.lang,
    strings,
  };
}
