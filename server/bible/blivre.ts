// The Bíblia Livre (Portuguese, CC BY 3.0 BR), its Textus Receptus edition, converted once from the
// translators' own source files by scripts/convert-sword-bible.ts --f4; read on first use.
// The licence asks for the credit below wherever the text is shown (docs/bible.md "Text per
// language"; server/bible/data/README.md has the licence note).
import { bundledVerses, convertedFormat, verseMapSource } from './source.ts';

export const blivre = verseMapSource({
  code: 'blivre',
  name: 'Bíblia Livre',
  abbreviation: 'BLIVRE',
  language: 'pt',
  description:
    'Bíblia Livre (BLIVRE), Novo Testamento do Textus Receptus, versão 2025.1.0. Copyright © Diego Santos, Mario Sérgio e Marco Teles, https://sites.google.com/site/biblialivre/. Licença Creative Commons Atribuição 3.0 Brasil, https://creativecommons.org/licenses/by/3.0/br/. Sem as notas de rodapé, as referências cruzadas e os títulos dos salmos.',
  load: bundledVerses('blivre.json.br'),
  ...convertedFormat,
});
