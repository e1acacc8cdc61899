// Demo content in Portuguese (Igreja da Graça, São Paulo).
import type { LanguageContent } from './types.ts';

export const pt: LanguageContent = {
  categories: {
    noticia: ['Avisos', 'Eventos', 'Ação social', 'Missões'],
    devocional: ['Fé', 'Esperança', 'Oração', 'Família'],
    ministerio: ['Adoração', 'Cuidado', 'Missão', 'Gerações'],
    ebd: ['Crianças', 'Jovens', 'Adultos'],
    estudo: ['Evangelhos', 'Cartas', 'Antigo Testamento'],
    video: ['Cultos', 'Estudos', 'Louvor', 'Testemunhos'],
    podcast: ['Conversas', 'Sermões', 'Perguntas e respostas'],
  },
  authors: [
    'Pr. Carlos Andrade',
    'Pra. Lúcia Andrade',
    'Equipe de Comunicação',
    'Pr. Rafael Nogueira',
    'Ana Beatriz Costa',
  ],
  news: [
    [
      'Culto de Páscoa terá três horários neste ano',
      1,
      'Para receber todas as famílias, o culto de Páscoa acontecerá às 8h, 10h30 e 18h no templo da Paulista.',
      ['páscoa', 'culto', 'horários'],
    ],
    [
      'Campanha do agasalho arrecada 3 toneladas de roupas',
      2,
      'Doações entregues a seis instituições da região central de São Paulo antes da chegada do frio.',
      ['campanha', 'agasalho', 'doação'],
    ],
    [
      'Inscrições abertas para o Retiro de Jovens 2025',
      1,
      'Quatro dias em Atibaia com louvor, estudos, esportes e muita comunhão. As vagas são limitadas.',
      ['retiro', 'jovens', 'inscrição'],
    ],
    [
      'Nova sala infantil é inaugurada no segundo andar',
      0,
      'O espaço foi pensado para crianças de 3 a 6 anos, com banheiro próprio e área de descanso.',
      ['crianças', 'sala', 'infantil'],
    ],
    [
      'Missionários da igreja chegam a Moçambique',
      3,
      'A família Oliveira inicia o trabalho de plantação de igrejas na província de Nampula.',
      ['missões', 'moçambique', 'áfrica'],
    ],
    [
      'Estacionamento conveniado muda de endereço',
      0,
      'A partir de maio, o estacionamento com desconto para membros fica na Rua Pamplona, 120.',
      ['estacionamento', 'aviso'],
    ],
    [
      'Mutirão de saúde atende 400 pessoas no Glicério',
      2,
      'Médicos, dentistas e voluntários da igreja ofereceram consultas e orientação gratuita.',
      ['saúde', 'mutirão', 'voluntários'],
    ],
    [
      'Conferência de Mulheres reúne 800 participantes',
      1,
      'Dois dias de palestras, oficinas e adoração com o tema "Raízes profundas".',
      ['mulheres', 'conferência'],
    ],
    [
      'Batismo nas águas no dia 15 de junho',
      0,
      'Quem deseja ser batizado deve participar da classe preparatória aos domingos às 9h.',
      ['batismo', 'classe'],
    ],
    [
      'Projeto de reforço escolar abre novas turmas',
      2,
      'Crianças do 1º ao 5º ano recebem acompanhamento em português e matemática duas vezes por semana.',
      ['educação', 'reforço escolar', 'crianças'],
    ],
    [
      'Semana de missões traz convidados de quatro continentes',
      3,
      'Missionários da Ásia, África, Europa e América Latina compartilham o que Deus tem feito.',
      ['missões', 'semana', 'convidados'],
    ],
    [
      'Coral da igreja apresenta cantata de Natal no Ibirapuera',
      1,
      'A apresentação gratuita acontece no domingo, 21 de dezembro, às 19h, ao ar livre.',
      ['natal', 'coral', 'cantata'],
    ],
    [
      'Horário de verão da secretaria',
      0,
      'Durante janeiro a secretaria atende de terça a sexta, das 10h às 16h.',
      ['secretaria', 'horário'],
    ],
    [
      'Nosso site de notícias de cara nova',
      0,
      'Reunimos aqui os avisos, eventos e histórias da igreja para você acompanhar de qualquer lugar.',
      ['site', 'novidade'],
    ],
  ],
  devotionals: [
    {
      entry: [
        'Quando a fé parece pequena',
        0,
        'Jesus não pediu uma fé enorme, mas uma fé verdadeira, do tamanho de um grão de mostarda.',
        ['fé', 'mostarda'],
      ],
      ref: 'Mateus 17:20',
    },
    {
      entry: [
        'O Senhor é o meu pastor',
        1,
        'O Salmo 23 nos lembra que não caminhamos sozinhos, nem mesmo no vale mais escuro.',
        ['salmo 23', 'pastor', 'cuidado'],
      ],
      ref: 'Salmos 23:1-4',
    },
    {
      entry: [
        'Orar sem cessar no meio da correria',
        2,
        'A oração não precisa esperar o silêncio perfeito: ela cabe no trânsito, na fila e na cozinha.',
        ['oração', 'rotina'],
      ],
      ref: '1 Tessalonicenses 5:17',
    },
    {
      entry: [
        'Uma casa edificada na rocha',
        3,
        'Famílias firmes não são famílias sem tempestades, mas famílias com bons alicerces.',
        ['família', 'rocha', 'alicerce'],
      ],
      ref: 'Mateus 7:24-25',
    },
    {
      entry: [
        'Esperar não é perder tempo',
        1,
        'Enquanto esperamos, Deus trabalha em nós aquilo que ainda não conseguimos ver.',
        ['esperança', 'espera', 'paciência'],
      ],
      ref: 'Isaías 40:31',
    },
    {
      entry: [
        'A oração do Pai Nosso, frase por frase',
        2,
        'Jesus nos ensinou a orar começando pelo Pai e terminando no Reino.',
        ['pai nosso', 'oração'],
      ],
      ref: 'Mateus 6:9-13',
    },
    {
      entry: [
        'Fé que age',
        0,
        'Tiago nos provoca: a fé verdadeira sempre encontra as mãos e os pés.',
        ['fé', 'obras', 'tiago'],
      ],
      ref: 'Tiago 2:17',
    },
    {
      entry: [
        'Honrar pai e mãe na vida adulta',
        3,
        'O mandamento continua valendo quando os filhos crescem, mas ganha novas formas.',
        ['família', 'pais', 'honra'],
      ],
      ref: 'Efésios 6:2-3',
    },
    {
      entry: [
        'As misericórdias se renovam a cada manhã',
        1,
        'Lamentações nasceu entre ruínas e, ainda assim, fala de uma fidelidade que não falha.',
        ['misericórdia', 'manhã', 'fidelidade'],
      ],
      ref: 'Lamentações 3:22-23',
    },
    {
      entry: [
        'Ansiedade e a paz que excede o entendimento',
        2,
        'Paulo escreve da prisão sobre entregar tudo a Deus em oração, com ação de graças.',
        ['ansiedade', 'paz', 'oração'],
      ],
      ref: 'Filipenses 4:6-7',
    },
    {
      entry: [
        'Abraão e a fé que sai sem mapa',
        0,
        'Abraão partiu sem saber para onde ia; sabia apenas com quem ia.',
        ['abraão', 'fé', 'chamado'],
      ],
      ref: 'Hebreus 11:8',
    },
    {
      entry: [
        'Filhos são herança do Senhor',
        3,
        'Educar é semear com paciência aquilo que só veremos florescer anos depois.',
        ['filhos', 'educação', 'família'],
      ],
      ref: 'Salmos 127:3',
    },
    {
      entry: [
        'Luz para o caminho',
        1,
        'A Palavra não ilumina a estrada inteira de uma vez, mas o próximo passo.',
        ['palavra', 'luz', 'direção'],
      ],
      ref: 'Salmos 119:105',
    },
    {
      entry: [
        'Gratidão em todas as circunstâncias',
        2,
        'Agradecer não é negar a dor, é lembrar que Deus continua presente nela.',
        ['gratidão', 'oração'],
      ],
      ref: '1 Tessalonicenses 5:18',
    },
  ],
  ministries: [
    {
      entry: [
        'Ministério de Louvor',
        0,
        'Músicos e cantores que conduzem a igreja em adoração nos cultos e eventos.',
        ['louvor', 'música', 'adoração'],
      ],
      leader: 'Felipe Rocha',
      projects: [
        {
          title: 'Escola de Música Graça',
          summary: 'Aulas gratuitas de violão, teclado e canto para adolescentes da comunidade.',
          goal: '120 alunos por semestre',
        },
        {
          title: 'Gravação do álbum "Raízes"',
          summary: 'Canções autorais da igreja gravadas ao vivo e distribuídas gratuitamente.',
          goal: '10 canções em 2025',
        },
      ],
    },
    {
      entry: [
        'Ministério Infantil',
        3,
        'Ensino bíblico criativo e cuidado para crianças de 0 a 11 anos.',
        ['crianças', 'infantil', 'ensino'],
      ],
      leader: 'Camila Duarte',
      projects: [
        {
          title: 'Férias com Jesus',
          summary: 'Uma semana de atividades bíblicas, brincadeiras e oficinas em julho.',
          goal: '300 crianças',
        },
      ],
    },
    {
      entry: [
        'Juventude Graça',
        3,
        'Jovens de 18 a 29 anos vivendo a fé na universidade, no trabalho e na cidade.',
        ['jovens', 'juventude'],
      ],
      leader: 'Thiago Martins',
      projects: [
        {
          title: 'Células universitárias',
          summary: 'Grupos de estudo bíblico dentro das universidades de São Paulo.',
          goal: '12 campi',
        },
      ],
    },
    {
      entry: [
        'Ação Social',
        2,
        'Servimos a cidade com alimentos, saúde, educação e acolhimento.',
        ['ação social', 'cidade', 'serviço'],
      ],
      leader: 'Regina Campos',
      projects: [
        {
          title: 'Sopão de quinta-feira',
          summary: 'Refeição quente e conversa para pessoas em situação de rua no centro.',
          goal: '250 refeições por semana',
        },
        {
          title: 'Reforço escolar',
          summary: 'Acompanhamento pedagógico para crianças do ensino fundamental.',
          goal: '60 crianças',
        },
        {
          title: 'Mutirão de saúde',
          summary: 'Atendimento médico e odontológico gratuito duas vezes por ano.',
          goal: '800 atendimentos',
        },
      ],
    },
    {
      entry: [
        'Missões',
        2,
        'Enviamos e sustentamos missionários no Brasil e em outros países.',
        ['missões', 'missionários'],
      ],
      leader: 'Pr. Rafael Nogueira',
      projects: [
        {
          title: 'Plantação em Nampula',
          summary: 'Apoio à família Oliveira na plantação de uma igreja em Moçambique.',
          goal: 'Sustento por 4 anos',
        },
        {
          title: 'Missão Sertão',
          summary: 'Viagens anuais ao sertão da Bahia com construção, saúde e evangelismo.',
          goal: '2 viagens por ano',
        },
      ],
    },
    {
      entry: [
        'Intercessão',
        0,
        'Uma equipe que ora pela igreja, pela cidade e pelos pedidos do mural.',
        ['oração', 'intercessão'],
      ],
      leader: 'Dona Marta Alves',
      projects: [
        {
          title: 'Madrugada de oração',
          summary: 'Vigílias mensais de oração abertas a toda a igreja.',
          goal: '12 vigílias por ano',
        },
      ],
    },
    {
      entry: [
        'Ministério de Casais',
        1,
        'Encontros, aconselhamento e cursos para fortalecer casamentos.',
        ['casais', 'casamento'],
      ],
      leader: 'Marcos e Júlia Prado',
      projects: [
        {
          title: 'Curso de noivos',
          summary: 'Oito encontros de preparação para quem vai se casar.',
          goal: '3 turmas por ano',
        },
      ],
    },
    {
      entry: [
        'Mulheres da Graça',
        1,
        'Mulheres de todas as idades crescendo juntas na fé e na amizade.',
        ['mulheres'],
      ],
      leader: 'Pra. Lúcia Andrade',
      projects: [
        {
          title: 'Chá das Gerações',
          summary: 'Encontro entre mulheres mais velhas e mais novas para mentoria.',
          goal: '4 encontros por ano',
        },
      ],
    },
    {
      entry: [
        'Homens de Valor',
        1,
        'Café da manhã, estudos e serviço prático para homens.',
        ['homens'],
      ],
      leader: 'Eduardo Lima',
      projects: [
        {
          title: 'Mãos à obra',
          summary: 'Pequenos reparos em casas de idosos da comunidade.',
          goal: '40 casas por ano',
        },
      ],
    },
    {
      entry: [
        'Comunicação',
        2,
        'Fotografia, vídeo, redes sociais e transmissão dos cultos.',
        ['comunicação', 'mídia'],
      ],
      leader: 'Ana Beatriz Costa',
      projects: [
        {
          title: 'Transmissão ao vivo',
          summary: 'Equipe e equipamentos para transmitir todos os cultos com qualidade.',
          goal: '100% dos cultos',
        },
      ],
    },
    {
      entry: [
        'Recepção e Boas-vindas',
        1,
        'Os primeiros rostos que você encontra ao chegar na igreja.',
        ['recepção', 'visitantes'],
      ],
      leader: 'Sérgio Tavares',
      projects: [
        {
          title: 'Café dos visitantes',
          summary: 'Um café depois do culto para conhecer quem chegou pela primeira vez.',
          goal: 'Todo domingo',
        },
      ],
    },
    {
      entry: [
        'Terceira Idade',
        3,
        'Comunhão, passeios e cuidado para quem tem mais de 60 anos.',
        ['idosos', 'terceira idade'],
      ],
      leader: 'Dona Cida Ramos',
      projects: [
        {
          title: 'Visitas que curam',
          summary: 'Visitas semanais a membros que não podem sair de casa.',
          goal: '50 visitas por mês',
        },
      ],
    },
    {
      entry: [
        'Surdos e Libras',
        1,
        'Interpretação dos cultos em Libras e discipulado para a comunidade surda.',
        ['libras', 'surdos', 'acessibilidade'],
      ],
      leader: 'Priscila Moura',
      projects: [
        {
          title: 'Curso de Libras',
          summary: 'Curso básico de Libras para membros que querem servir.',
          goal: '2 turmas por ano',
        },
      ],
    },
  ],
  ebds: [
    {
      entry: [
        'Berçário',
        0,
        'Cuidado e primeiras canções para bebês de 0 a 2 anos.',
        ['bebês', 'berçário'],
      ],
      teacher: 'Tia Raquel',
      time: 'Domingos, 9h',
      place: 'Sala 1',
      audience: '0 a 2 anos',
    },
    {
      entry: [
        'Maternal',
        0,
        'Histórias bíblicas com fantoches, música e massinha.',
        ['maternal', 'histórias'],
      ],
      teacher: 'Tia Sueli',
      time: 'Domingos, 9h',
      place: 'Sala 2',
      audience: '3 a 5 anos',
    },
    {
      entry: [
        'Primários',
        0,
        'Conhecendo os heróis da fé do Antigo Testamento.',
        ['primários', 'heróis da fé'],
      ],
      teacher: 'Tio Márcio',
      time: 'Domingos, 9h',
      place: 'Sala 3',
      audience: '6 a 8 anos',
    },
    {
      entry: [
        'Juniores',
        0,
        'A vida de Jesus contada pelos evangelhos, com desafios semanais.',
        ['juniores', 'jesus'],
      ],
      teacher: 'Tia Fernanda',
      time: 'Domingos, 9h',
      place: 'Sala 4',
      audience: '9 a 11 anos',
    },
    {
      entry: [
        'Adolescentes',
        1,
        'Identidade, amizades e fé: conversas francas sobre a vida.',
        ['adolescentes', 'identidade'],
      ],
      teacher: 'Lucas Prado',
      time: 'Domingos, 9h',
      place: 'Sala 5',
      audience: '12 a 14 anos',
    },
    {
      entry: [
        'Juvenis',
        1,
        'Apologética para o ensino médio: respostas para perguntas difíceis.',
        ['juvenis', 'apologética'],
      ],
      teacher: 'Bruna Teixeira',
      time: 'Domingos, 9h',
      place: 'Sala 6',
      audience: '15 a 17 anos',
    },
    {
      entry: [
        'Jovens',
        1,
        'Carreira, vocação e propósito à luz das Escrituras.',
        ['jovens', 'vocação'],
      ],
      teacher: 'Thiago Martins',
      time: 'Domingos, 9h',
      place: 'Auditório menor',
      audience: '18 a 29 anos',
    },
    {
      entry: ['Casais', 2, 'Comunicação, finanças e perdão no casamento.', ['casais', 'casamento']],
      teacher: 'Marcos e Júlia Prado',
      time: 'Domingos, 9h',
      place: 'Sala 7',
      audience: 'Casais',
    },
    {
      entry: [
        'Novos na Fé',
        2,
        'Os fundamentos da vida cristã para quem chegou há pouco.',
        ['novos convertidos', 'fundamentos'],
      ],
      teacher: 'Pr. Carlos Andrade',
      time: 'Domingos, 9h',
      place: 'Sala 8',
      audience: 'Novos membros',
    },
    {
      entry: [
        'Panorama Bíblico',
        2,
        'A história da Bíblia de Gênesis a Apocalipse em um ano.',
        ['panorama', 'bíblia'],
      ],
      teacher: 'Pr. Rafael Nogueira',
      time: 'Domingos, 9h',
      place: 'Templo',
      audience: 'Adultos',
    },
    {
      entry: [
        'Doutrinas da Graça',
        2,
        'Salvação, graça e santificação estudadas com calma.',
        ['doutrina', 'graça', 'teologia'],
      ],
      teacher: 'Pra. Lúcia Andrade',
      time: 'Domingos, 9h',
      place: 'Sala 9',
      audience: 'Adultos',
    },
    {
      entry: [
        'Classe de Batismo',
        2,
        'Preparação para quem deseja ser batizado nas águas.',
        ['batismo'],
      ],
      teacher: 'Pr. Carlos Andrade',
      time: 'Domingos, 9h',
      place: 'Sala 10',
      audience: 'Candidatos ao batismo',
    },
    {
      entry: [
        'Melhor Idade',
        2,
        'Estudo dos Salmos com café e muita conversa.',
        ['terceira idade', 'salmos'],
      ],
      teacher: 'Dona Cida Ramos',
      time: 'Domingos, 9h',
      place: 'Sala 11',
      audience: 'Acima de 60 anos',
    },
  ],
  publicationTypes: [
    ['Boletim semanal', 'Avisos, agenda e pedidos de oração da semana.'],
    ['Revista da EBD', 'Lições trimestrais da Escola Bíblica Dominical.'],
    ['Apostilas', 'Materiais de estudo dos cursos da igreja.'],
    ['Artigos', 'Reflexões escritas pelos pastores e líderes.'],
  ],
  publications: [
    [
      'Boletim — 1º domingo de março',
      0,
      'Agenda da semana, aniversariantes e pedidos de oração.',
      ['boletim', 'março'],
    ],
    [
      'Boletim — 2º domingo de março',
      0,
      'Retiro de jovens, ceia do Senhor e avisos da secretaria.',
      ['boletim', 'março', 'ceia'],
    ],
    [
      'Boletim — 3º domingo de março',
      0,
      'Campanha do agasalho, classe de batismo e escala de recepção.',
      ['boletim', 'agasalho'],
    ],
    [
      'Boletim — 4º domingo de março',
      0,
      'Conferência de mulheres e relatório de missões.',
      ['boletim', 'missões'],
    ],
    [
      'Revista EBD — 1º trimestre: Gênesis',
      1,
      'Treze lições sobre a criação, a queda e as promessas de Deus.',
      ['revista', 'gênesis'],
    ],
    [
      'Revista EBD — 2º trimestre: Atos',
      1,
      'A igreja primitiva e o avanço do evangelho.',
      ['revista', 'atos'],
    ],
    [
      'Revista EBD — 3º trimestre: Salmos',
      1,
      'Aprendendo a orar com o livro de oração de Israel.',
      ['revista', 'salmos'],
    ],
    [
      'Apostila — Curso de Noivos',
      2,
      'Material completo dos oito encontros de preparação para o casamento.',
      ['apostila', 'noivos'],
    ],
    [
      'Apostila — Fundamentos da Fé',
      2,
      'Os ensinos básicos da fé cristã para novos membros.',
      ['apostila', 'fundamentos'],
    ],
    [
      'Apostila — Finanças com Propósito',
      2,
      'Orçamento, dívidas e generosidade à luz da Bíblia.',
      ['apostila', 'finanças'],
    ],
    [
      'Por que ainda cantamos hinos',
      3,
      'Uma reflexão sobre a memória e a doutrina guardadas nos hinos antigos.',
      ['artigo', 'hinos', 'louvor'],
    ],
    [
      'A igreja e a cidade',
      3,
      'O que significa buscar a paz da cidade onde Deus nos colocou.',
      ['artigo', 'cidade', 'jeremias'],
    ],
    [
      'Descanso é obediência',
      3,
      'O sábado como presente e como resistência à pressa.',
      ['artigo', 'descanso'],
    ],
  ],
  studies: [
    {
      entry: [
        'O Verbo se fez carne',
        0,
        'Estudo de João 1 para células: quem é Jesus?',
        ['joão', 'encarnação'],
      ],
      ref: 'João 1:1-18',
    },
    {
      entry: [
        'O encontro com Nicodemos',
        0,
        'Nascer de novo: o que Jesus quis dizer?',
        ['joão', 'novo nascimento'],
      ],
      ref: 'João 3:1-21',
    },
    {
      entry: [
        'A mulher samaritana',
        0,
        'Jesus atravessa barreiras para oferecer água viva.',
        ['joão', 'samaritana'],
      ],
      ref: 'João 4:1-42',
    },
    {
      entry: [
        'O filho pródigo',
        0,
        'Dois filhos perdidos e um pai que corre.',
        ['lucas', 'parábola'],
      ],
      ref: 'Lucas 15:11-32',
    },
    {
      entry: ['O bom samaritano', 0, 'Quem é o meu próximo?', ['lucas', 'próximo']],
      ref: 'Lucas 10:25-37',
    },
    {
      entry: [
        'Justificados pela fé',
        1,
        'Romanos 5 e a paz com Deus.',
        ['romanos', 'justificação'],
      ],
      ref: 'Romanos 5:1-11',
    },
    {
      entry: [
        'O fruto do Espírito',
        1,
        'Gálatas 5 e o caráter de Cristo em nós.',
        ['gálatas', 'espírito'],
      ],
      ref: 'Gálatas 5:16-26',
    },
    {
      entry: [
        'A armadura de Deus',
        1,
        'Efésios 6 e a batalha espiritual no dia a dia.',
        ['efésios', 'armadura'],
      ],
      ref: 'Efésios 6:10-18',
    },
    {
      entry: [
        'Alegria na prisão',
        1,
        'Filipenses e o contentamento em qualquer situação.',
        ['filipenses', 'alegria'],
      ],
      ref: 'Filipenses 4:4-13',
    },
    {
      entry: ['O amor de 1 Coríntios 13', 1, 'O caminho mais excelente.', ['coríntios', 'amor']],
      ref: '1 Coríntios 13',
    },
    {
      entry: [
        'José e a providência',
        2,
        'O que os homens planejaram para o mal, Deus transformou em bem.',
        ['gênesis', 'josé'],
      ],
      ref: 'Gênesis 50:15-21',
    },
    {
      entry: [
        'Rute e a lealdade',
        2,
        'Uma estrangeira na genealogia de Jesus.',
        ['rute', 'lealdade'],
      ],
      ref: 'Rute 1',
    },
    {
      entry: ['Davi e Golias', 2, 'Coragem que nasce da confiança em Deus.', ['samuel', 'davi']],
      ref: '1 Samuel 17',
    },
  ],
  videos: [
    {
      entry: [
        'Culto de domingo — A parábola do semeador',
        0,
        'Pregação do Pr. Carlos Andrade sobre os quatro tipos de solo.',
        ['culto', 'semeador'],
      ],
      minutes: 48,
    },
    {
      entry: [
        'Culto de domingo — O Deus que vê',
        0,
        'A história de Agar e o Deus que nos enxerga no deserto.',
        ['culto', 'agar'],
      ],
      minutes: 52,
    },
    {
      entry: [
        'Culto de Páscoa 2025',
        0,
        'A ressurreição muda tudo: culto completo com a Santa Ceia.',
        ['páscoa', 'ressurreição'],
      ],
      minutes: 75,
    },
    {
      entry: [
        'Estudo — Introdução ao livro de Atos',
        1,
        'Contexto, autor e estrutura do livro de Atos.',
        ['estudo', 'atos'],
      ],
      minutes: 35,
    },
    {
      entry: [
        'Estudo — Como ler os Salmos',
        1,
        'Tipos de salmos e como orar com eles.',
        ['estudo', 'salmos'],
      ],
      minutes: 29,
    },
    {
      entry: [
        'Estudo — Parábolas do Reino',
        1,
        'O que as parábolas revelam sobre o Reino de Deus.',
        ['estudo', 'parábolas'],
      ],
      minutes: 41,
    },
    {
      entry: [
        'Louvor — Grande é o Senhor (ao vivo)',
        2,
        'Ministério de Louvor Graça na gravação do álbum Raízes.',
        ['louvor', 'ao vivo'],
      ],
      minutes: 6,
    },
    {
      entry: [
        'Louvor — Tu és fiel (ao vivo)',
        2,
        'Canção autoral gravada no culto de aniversário da igreja.',
        ['louvor', 'autoral'],
      ],
      minutes: 7,
    },
    {
      entry: [
        'Louvor — Medley de hinos',
        2,
        'Hinos tradicionais com arranjo para cordas e coral.',
        ['hinos', 'coral'],
      ],
      minutes: 12,
    },
    {
      entry: [
        'Testemunho — Renata e a cura da depressão',
        3,
        'Como a comunidade e a fé ajudaram Renata a atravessar a depressão.',
        ['testemunho', 'depressão'],
      ],
      minutes: 9,
    },
    {
      entry: [
        'Testemunho — De morador de rua a voluntário',
        3,
        'Jorge conta como o sopão de quinta mudou sua história.',
        ['testemunho', 'ação social'],
      ],
      minutes: 11,
    },
    {
      entry: [
        'Testemunho — Missionários em Nampula',
        3,
        'A família Oliveira fala dos primeiros meses em Moçambique.',
        ['testemunho', 'missões'],
      ],
      minutes: 14,
    },
    {
      entry: [
        'Culto de jovens — Propósito',
        0,
        'Noite de louvor e palavra com a Juventude Graça.',
        ['jovens', 'propósito'],
      ],
      minutes: 63,
    },
  ],
  podcast: {
    title: 'Graça em Conversa',
    description:
      'Conversas semanais sobre fé, Bíblia e vida cotidiana com os pastores da Igreja da Graça.',
    author: 'Igreja da Graça',
    episodes: [
      [
        'Bem-vindos ao Graça em Conversa',
        0,
        'Quem somos, por que começamos este podcast e o que vem por aí.',
        ['apresentação'],
      ],
      [
        'Como ler a Bíblia sem desistir em Levítico',
        2,
        'Dicas práticas para manter um plano de leitura o ano todo.',
        ['bíblia', 'leitura'],
      ],
      [
        'A parábola do semeador',
        1,
        'Versão em áudio da pregação de domingo.',
        ['sermão', 'parábola'],
      ],
      [
        'Ansiedade e fé podem conviver?',
        0,
        'Conversa com a psicóloga Helena Ribeiro sobre saúde emocional.',
        ['ansiedade', 'saúde mental'],
      ],
      [
        'O que é a graça, afinal?',
        2,
        'Respondemos perguntas enviadas pelos ouvintes.',
        ['graça', 'perguntas'],
      ],
      ['O Deus que vê', 1, 'Sermão sobre Agar no deserto.', ['sermão', 'agar']],
      [
        'Casamento e finanças',
        0,
        'Marcos e Júlia Prado falam de orçamento a dois.',
        ['casamento', 'finanças'],
      ],
      [
        'Por que a igreja faz ação social?',
        0,
        'Regina Campos conta a história do sopão de quinta.',
        ['ação social'],
      ],
      [
        'Quem escreveu os evangelhos?',
        2,
        'Autoria, datas e por que temos quatro evangelhos.',
        ['evangelhos', 'perguntas'],
      ],
      ['Páscoa: a ressurreição muda tudo', 1, 'Sermão do culto de Páscoa.', ['páscoa', 'sermão']],
      [
        'Missões em Moçambique',
        0,
        'Entrevista com a família Oliveira direto de Nampula.',
        ['missões', 'moçambique'],
      ],
      [
        'Oração: por onde começar?',
        2,
        'Perguntas dos ouvintes sobre a vida de oração.',
        ['oração'],
      ],
      [
        'Jovens e vocação',
        0,
        'Thiago Martins fala sobre carreira e propósito.',
        ['jovens', 'vocação'],
      ],
      ['O filho pródigo', 1, 'Sermão sobre Lucas 15.', ['sermão', 'lucas']],
      ['Criando filhos na fé', 0, 'Conversa com pais de adolescentes.', ['família', 'filhos']],
      [
        'Deus ainda fala hoje?',
        2,
        'Respostas sobre revelação e direção de Deus.',
        ['perguntas', 'direção'],
      ],
      ['Descanso é obediência', 1, 'Sermão sobre o sábado e a pressa.', ['descanso', 'sermão']],
      [
        'Luto e esperança',
        0,
        'Como atravessar a perda de alguém que amamos.',
        ['luto', 'esperança'],
      ],
      [
        'O que acontece na Santa Ceia?',
        2,
        'Perguntas sobre a Ceia do Senhor.',
        ['ceia', 'perguntas'],
      ],
      ['A armadura de Deus', 1, 'Sermão sobre Efésios 6.', ['sermão', 'efésios']],
      [
        'Trabalho e fé',
        0,
        'Empresários da igreja falam sobre ética no trabalho.',
        ['trabalho', 'ética'],
      ],
      [
        'Perguntas difíceis dos adolescentes',
        2,
        'Bruna Teixeira responde perguntas da classe de juvenis.',
        ['adolescentes', 'perguntas'],
      ],
      ['Natal: Deus conosco', 1, 'Sermão do culto de Natal.', ['natal', 'sermão']],
    ],
  },
  paragraphs: {
    news: [
      'A programação foi preparada com carinho pela equipe pastoral e por dezenas de voluntários, que se reuniram nas últimas semanas para cuidar de cada detalhe. Todos são bem-vindos, membros e visitantes.',
      'Quem quiser ajudar pode procurar o balcão de informações no saguão depois dos cultos ou falar com a secretaria pelo telefone (11) 3000-0000, de terça a sexta.',
      'Pedimos que todos cheguem com alguns minutos de antecedência. Haverá equipe de recepção nas portas e sala infantil funcionando durante toda a programação.',
      'Agradecemos a cada pessoa que doou tempo, recursos e oração. Nada disso seria possível sem uma igreja que entende que servir a cidade faz parte do nosso chamado.',
      'Fotos e vídeos estarão disponíveis nas redes sociais da igreja nos próximos dias. Compartilhe com quem você ama e convide amigos para estarem conosco.',
      'Em caso de dúvidas, escreva para contato@graca.demo. Nossa equipe responde em até dois dias úteis.',
    ],
    devotional: [
      'Comece o dia lendo o texto devagar, duas ou três vezes. Repare nas palavras que se repetem e pergunte: o que este texto revela sobre Deus? O que revela sobre mim?',
      'Muitas vezes queremos respostas rápidas, mas Deus prefere nos dar a sua presença. Ele não tem pressa em nos formar, porque nos ama demais para nos deixar como estamos.',
      'Talvez hoje você esteja cansado. Não é preciso fingir força. O convite do evangelho começa justamente com os cansados e sobrecarregados.',
      'Pense em uma pessoa a quem você pode levar esta palavra hoje: uma mensagem, uma ligação, um café. A fé cresce quando é compartilhada.',
      'Termine este momento em oração, com suas próprias palavras. Agradeça por uma coisa concreta, confesse o que pesa e peça direção para o próximo passo.',
      'A Escritura não foi escrita para ser apenas admirada, mas obedecida. Escolha uma atitude prática para viver ainda hoje aquilo que você leu.',
    ],
    general: [
      'Nossa caminhada começou com poucas pessoas e muita disposição. Hoje, dezenas de voluntários dedicam seu tempo toda semana para que este trabalho aconteça.',
      'Acreditamos que cada pessoa tem dons dados por Deus para servir. Se você quer fazer parte, não precisa ter experiência: nós ensinamos e caminhamos juntos.',
      'Os encontros acontecem na sede da igreja, na Avenida Paulista, e em casas de membros espalhadas pela cidade. A participação é gratuita.',
      'Ao longo do ano, acompanhamos os resultados e prestamos contas à igreja em assembleia, com transparência sobre recursos e pessoas alcançadas.',
      'Para participar, fale com a liderança depois de qualquer culto ou deixe seu contato na secretaria. Vamos adorar conhecer você.',
      'O material é preparado pela equipe pastoral e revisado a cada trimestre, sempre com base nas Escrituras e atento às perguntas reais da nossa comunidade.',
    ],
  },
  headings: [
    'O que esperar',
    'Como participar',
    'Para refletir',
    'Próximos passos',
    'Um pouco de história',
  ],
  verses: [
    '“Venham a mim, todos os que estão cansados e sobrecarregados, e eu lhes darei descanso.” — Mateus 11:28',
    '“O Senhor é a minha luz e a minha salvação; de quem terei medo?” — Salmos 27:1',
    '“Busquem, pois, em primeiro lugar o Reino de Deus e a sua justiça.” — Mateus 6:33',
    '“Tudo posso naquele que me fortalece.” — Filipenses 4:13',
  ],
};
