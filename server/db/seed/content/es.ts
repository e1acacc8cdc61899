// Demo content in Spanish (Iglesia Esperanza, Buenos Aires). It has no EBD, publications or
// studies modules, so those lists stay empty.
import type { LanguageContent } from './types.ts';

export const es: LanguageContent = {
  categories: {
    noticia: ['Avisos', 'Eventos', 'Acción social', 'Misiones'],
    devocional: ['Fe', 'Esperanza', 'Oración', 'Familia'],
    ministerio: ['Adoración', 'Cuidado', 'Misión', 'Generaciones'],
    ebd: [],
    estudo: [],
    video: ['Reuniones', 'Enseñanza', 'Alabanza', 'Testimonios'],
    podcast: ['Charlas', 'Sermones', 'Preguntas'],
  },
  authors: [
    'Pastor Martín Gómez',
    'Pastora Silvia Gómez',
    'Equipo de Comunicación',
    'Pastor Diego Ferreyra',
    'Lucía Benítez',
  ],
  news: [
    [
      'La reunión de Pascua tendrá tres horarios',
      1,
      'Para recibir a todas las familias, habrá reuniones a las 9, 11 y 19 h en la sede de Palermo.',
      ['pascua', 'reunión', 'horarios'],
    ],
    [
      'La campaña de abrigo juntó 1.800 prendas',
      2,
      'Las donaciones llegaron a cuatro hogares de la ciudad antes del invierno.',
      ['campaña', 'abrigo', 'donación'],
    ],
    [
      'Abiertas las inscripciones para el campamento de jóvenes',
      1,
      'Cuatro días en Córdoba con alabanza, estudios, deportes y mucha comunión. Los cupos son limitados.',
      ['campamento', 'jóvenes', 'inscripción'],
    ],
    [
      'Inauguramos una nueva sala para los más chicos',
      0,
      'Un espacio luminoso y seguro para niños de 3 a 6 años, con baño propio.',
      ['niños', 'sala'],
    ],
    [
      'Nuestros misioneros llegaron a Bolivia',
      3,
      'La familia Acosta comienza a servir en comunidades rurales cerca de Cochabamba.',
      ['misiones', 'bolivia'],
    ],
    [
      'Cambios en el estacionamiento',
      0,
      'Desde mayo, el estacionamiento con descuento para miembros está en Av. Coronel Díaz 2100.',
      ['estacionamiento', 'aviso'],
    ],
    [
      'Jornada de salud atendió a 300 vecinos',
      2,
      'Médicos, odontólogos y voluntarios ofrecieron consultas gratuitas en el barrio.',
      ['salud', 'voluntarios'],
    ],
    [
      'El encuentro de mujeres reunió a 500 participantes',
      1,
      'Dos días de charlas, talleres y adoración con el lema "Raíces profundas".',
      ['mujeres', 'encuentro'],
    ],
    [
      'Bautismos el domingo 15 de junio',
      0,
      'Quienes deseen bautizarse deben asistir a la clase preparatoria los domingos a las 10 h.',
      ['bautismo', 'clase'],
    ],
    [
      'Apoyo escolar abre nuevos grupos',
      2,
      'Chicos de primaria reciben ayuda en lengua y matemática dos veces por semana.',
      ['apoyo escolar', 'educación', 'niños'],
    ],
    [
      'Semana de misiones con invitados de cuatro continentes',
      3,
      'Misioneros de Asia, África, Europa y América Latina cuentan lo que Dios está haciendo.',
      ['misiones', 'semana'],
    ],
    [
      'El coro presenta su concierto de Navidad en Plaza Francia',
      1,
      'El concierto gratuito es el domingo 21 de diciembre a las 20 h, al aire libre.',
      ['navidad', 'coro', 'concierto'],
    ],
    [
      'Horario de verano de la secretaría',
      0,
      'Durante enero la secretaría atiende de martes a viernes, de 10 a 16 h.',
      ['secretaría', 'horario'],
    ],
  ],
  devotionals: [
    {
      entry: [
        'Cuando la fe parece pequeña',
        0,
        'Jesús no pidió una fe enorme, sino una fe verdadera, del tamaño de un grano de mostaza.',
        ['fe', 'mostaza'],
      ],
      ref: 'Mateo 17:20',
    },
    {
      entry: [
        'El Señor es mi pastor',
        1,
        'El Salmo 23 nos recuerda que nunca caminamos solos, ni siquiera en el valle más oscuro.',
        ['salmo 23', 'pastor'],
      ],
      ref: 'Salmos 23:1-4',
    },
    {
      entry: [
        'Orar sin cesar en medio del apuro',
        2,
        'La oración no necesita un silencio perfecto: entra en el colectivo, en la fila y en la cocina.',
        ['oración', 'rutina'],
      ],
      ref: '1 Tesalonicenses 5:17',
    },
    {
      entry: [
        'Una casa sobre la roca',
        3,
        'Las familias firmes no son familias sin tormentas, sino familias con buenos cimientos.',
        ['familia', 'roca'],
      ],
      ref: 'Mateo 7:24-25',
    },
    {
      entry: [
        'Esperar no es perder el tiempo',
        1,
        'Mientras esperamos, Dios obra en nosotros lo que todavía no vemos.',
        ['esperanza', 'espera', 'paciencia'],
      ],
      ref: 'Isaías 40:31',
    },
    {
      entry: [
        'El Padre Nuestro, frase por frase',
        2,
        'Jesús nos enseñó a orar empezando por el Padre y terminando en el Reino.',
        ['padre nuestro', 'oración'],
      ],
      ref: 'Mateo 6:9-13',
    },
    {
      entry: [
        'Una fe que actúa',
        0,
        'Santiago nos desafía: la fe verdadera siempre encuentra manos y pies.',
        ['fe', 'obras', 'santiago'],
      ],
      ref: 'Santiago 2:17',
    },
    {
      entry: [
        'Honrar a los padres siendo adultos',
        3,
        'El mandamiento sigue vigente cuando los hijos crecen, pero toma nuevas formas.',
        ['familia', 'padres', 'honra'],
      ],
      ref: 'Efesios 6:2-3',
    },
    {
      entry: [
        'Nuevas son cada mañana',
        1,
        'Lamentaciones nació entre ruinas y aun así habla de una fidelidad que no falla.',
        ['misericordia', 'mañana', 'fidelidad'],
      ],
      ref: 'Lamentaciones 3:22-23',
    },
    {
      entry: [
        'Ansiedad y la paz que sobrepasa todo entendimiento',
        2,
        'Pablo escribe desde la cárcel sobre presentar todo a Dios con acción de gracias.',
        ['ansiedad', 'paz', 'oración'],
      ],
      ref: 'Filipenses 4:6-7',
    },
    {
      entry: [
        'Abraham y la fe que sale sin mapa',
        0,
        'Abraham salió sin saber a dónde iba; solo sabía con quién iba.',
        ['abraham', 'fe', 'llamado'],
      ],
      ref: 'Hebreos 11:8',
    },
    {
      entry: [
        'Los hijos son herencia del Señor',
        3,
        'Criar es sembrar con paciencia lo que solo veremos florecer años después.',
        ['hijos', 'crianza', 'familia'],
      ],
      ref: 'Salmos 127:3',
    },
    {
      entry: [
        'Lámpara a mis pies',
        1,
        'La Palabra no ilumina todo el camino de una vez, sino el próximo paso.',
        ['palabra', 'luz', 'dirección'],
      ],
      ref: 'Salmos 119:105',
    },
  ],
  ministries: [
    {
      entry: [
        'Ministerio de Alabanza',
        0,
        'Músicos y cantantes que guían a la iglesia en adoración.',
        ['alabanza', 'música'],
      ],
      leader: 'Nicolás Ruiz',
      projects: [
        {
          title: 'Escuela de Música Esperanza',
          summary: 'Clases gratuitas de guitarra, teclado y canto para adolescentes del barrio.',
          goal: '80 alumnos por cuatrimestre',
        },
      ],
    },
    {
      entry: [
        'Niños Esperanza',
        3,
        'Enseñanza bíblica creativa y cuidado para chicos de 0 a 11 años.',
        ['niños', 'infantil'],
      ],
      leader: 'Carolina Díaz',
      projects: [
        {
          title: 'Vacaciones con Jesús',
          summary: 'Una semana de historias bíblicas, juegos y talleres en enero.',
          goal: '200 chicos',
        },
      ],
    },
    {
      entry: [
        'Jóvenes',
        3,
        'Jóvenes de 18 a 29 años viviendo la fe en la facultad, el trabajo y la ciudad.',
        ['jóvenes'],
      ],
      leader: 'Matías Sosa',
      projects: [
        {
          title: 'Grupos en la facultad',
          summary: 'Estudios bíblicos en la UBA y otras universidades.',
          goal: '6 facultades',
        },
      ],
    },
    {
      entry: [
        'Acción Social',
        2,
        'Servimos a la ciudad con comida, salud, educación y acompañamiento.',
        ['acción social', 'ciudad'],
      ],
      leader: 'Graciela Paz',
      projects: [
        {
          title: 'Olla popular de los jueves',
          summary: 'Una comida caliente y una charla para personas en situación de calle.',
          goal: '150 platos por semana',
        },
        {
          title: 'Apoyo escolar',
          summary: 'Acompañamiento en lengua y matemática para chicos de primaria.',
          goal: '40 chicos',
        },
      ],
    },
    {
      entry: [
        'Misiones',
        2,
        'Enviamos y sostenemos misioneros en Argentina y otros países.',
        ['misiones'],
      ],
      leader: 'Pastor Diego Ferreyra',
      projects: [
        {
          title: 'Misión Cochabamba',
          summary: 'Apoyo a la familia Acosta en comunidades rurales de Bolivia.',
          goal: 'Sostén por 3 años',
        },
      ],
    },
    {
      entry: [
        'Intercesión',
        0,
        'Un equipo que ora por la iglesia, la ciudad y cada pedido.',
        ['oración', 'intercesión'],
      ],
      leader: 'Norma Vidal',
      projects: [
        {
          title: 'Noche de oración',
          summary: 'Una vigilia mensual abierta a toda la iglesia.',
          goal: '12 vigilias al año',
        },
      ],
    },
    {
      entry: [
        'Matrimonios',
        1,
        'Encuentros, consejería y cursos para fortalecer matrimonios.',
        ['matrimonios', 'parejas'],
      ],
      leader: 'Pablo y Andrea Luna',
      projects: [
        {
          title: 'Curso prematrimonial',
          summary: 'Ocho encuentros para parejas que se van a casar.',
          goal: '3 grupos al año',
        },
      ],
    },
    {
      entry: [
        'Mujeres Esperanza',
        1,
        'Mujeres de todas las edades creciendo juntas en la fe y la amistad.',
        ['mujeres'],
      ],
      leader: 'Pastora Silvia Gómez',
      projects: [
        {
          title: 'Mate entre generaciones',
          summary: 'Mujeres mayores y jóvenes se encuentran para mentoría.',
          goal: '4 encuentros al año',
        },
      ],
    },
    {
      entry: ['Hombres', 1, 'Desayunos, estudios y servicio práctico para hombres.', ['hombres']],
      leader: 'Jorge Medina',
      projects: [
        {
          title: 'Manos a la obra',
          summary: 'Pequeños arreglos en casas de adultos mayores del barrio.',
          goal: '30 casas al año',
        },
      ],
    },
    {
      entry: [
        'Comunicación',
        2,
        'Fotografía, video, redes sociales y transmisión de las reuniones.',
        ['comunicación', 'medios'],
      ],
      leader: 'Lucía Benítez',
      projects: [
        {
          title: 'Transmisión en vivo',
          summary: 'Equipo y voluntarios para transmitir cada reunión.',
          goal: 'Todas las reuniones',
        },
      ],
    },
    {
      entry: [
        'Bienvenida',
        1,
        'Las primeras caras que encontrás al llegar a la iglesia.',
        ['bienvenida', 'visitantes'],
      ],
      leader: 'Ramiro Ortiz',
      projects: [
        {
          title: 'Café de bienvenida',
          summary: 'Un café después de la reunión para conocer a quienes vienen por primera vez.',
          goal: 'Todos los domingos',
        },
      ],
    },
    {
      entry: [
        'Adultos mayores',
        3,
        'Comunión, paseos y cuidado para mayores de 60 años.',
        ['adultos mayores'],
      ],
      leader: 'Elsa Romero',
      projects: [
        {
          title: 'Visitas en casa',
          summary: 'Visitas semanales a miembros que no pueden salir de su casa.',
          goal: '40 visitas al mes',
        },
      ],
    },
  ],
  ebds: [],
  publicationTypes: [],
  publications: [],
  studies: [],
  videos: [
    {
      entry: [
        'Reunión del domingo — La parábola del sembrador',
        0,
        'Predicación del pastor Martín Gómez sobre los cuatro tipos de tierra.',
        ['reunión', 'sembrador'],
      ],
      minutes: 46,
    },
    {
      entry: [
        'Reunión del domingo — El Dios que me ve',
        0,
        'Agar en el desierto y el Dios que nos ve.',
        ['reunión', 'agar'],
      ],
      minutes: 50,
    },
    {
      entry: [
        'Reunión de Pascua 2025',
        0,
        'La resurrección lo cambia todo: reunión completa con Santa Cena.',
        ['pascua', 'resurrección'],
      ],
      minutes: 70,
    },
    {
      entry: [
        'Enseñanza — Introducción a Hechos',
        1,
        'Contexto, autor y estructura del libro de Hechos.',
        ['enseñanza', 'hechos'],
      ],
      minutes: 33,
    },
    {
      entry: [
        'Enseñanza — Cómo leer los Salmos',
        1,
        'Tipos de salmos y cómo orar con ellos.',
        ['enseñanza', 'salmos'],
      ],
      minutes: 27,
    },
    {
      entry: [
        'Enseñanza — Parábolas del Reino',
        1,
        'Lo que las parábolas muestran del Reino de Dios.',
        ['enseñanza', 'parábolas'],
      ],
      minutes: 39,
    },
    {
      entry: [
        'Alabanza — Grande es tu fidelidad (en vivo)',
        2,
        'Ministerio de Alabanza en la noche de grabación.',
        ['alabanza', 'en vivo'],
      ],
      minutes: 6,
    },
    {
      entry: [
        'Alabanza — Sos fiel (en vivo)',
        2,
        'Canción propia grabada en el aniversario de la iglesia.',
        ['alabanza', 'canción propia'],
      ],
      minutes: 7,
    },
    {
      entry: [
        'Alabanza — Himnos de siempre',
        2,
        'Himnos tradicionales con arreglos para cuerdas y coro.',
        ['himnos', 'coro'],
      ],
      minutes: 12,
    },
    {
      entry: [
        'Testimonio — Romina y la salida de la depresión',
        3,
        'Cómo la comunidad y la fe acompañaron a Romina.',
        ['testimonio', 'depresión'],
      ],
      minutes: 9,
    },
    {
      entry: [
        'Testimonio — De la calle a servir en la olla',
        3,
        'Héctor cuenta cómo la olla de los jueves cambió su historia.',
        ['testimonio', 'acción social'],
      ],
      minutes: 10,
    },
    {
      entry: [
        'Testimonio — Misioneros en Cochabamba',
        3,
        'La familia Acosta cuenta sus primeros meses en Bolivia.',
        ['testimonio', 'misiones'],
      ],
      minutes: 12,
    },
  ],
  podcast: {
    title: 'Charlas de Esperanza',
    description:
      'Charlas semanales sobre fe, Biblia y vida cotidiana con los pastores de la Iglesia Esperanza.',
    author: 'Iglesia Esperanza',
    episodes: [
      [
        'Bienvenidos a Charlas de Esperanza',
        0,
        'Quiénes somos, por qué empezamos este podcast y qué viene.',
        ['presentación'],
      ],
      [
        'Cómo leer la Biblia sin abandonar en Levítico',
        2,
        'Consejos prácticos para sostener un plan de lectura todo el año.',
        ['biblia', 'lectura'],
      ],
      [
        'La parábola del sembrador',
        1,
        'Audio de la predicación del domingo.',
        ['sermón', 'parábola'],
      ],
      [
        '¿Pueden convivir la ansiedad y la fe?',
        0,
        'Charla con la psicóloga Laura Méndez sobre salud emocional.',
        ['ansiedad', 'salud mental'],
      ],
      ['¿Qué es la gracia?', 2, 'Respondemos preguntas de los oyentes.', ['gracia', 'preguntas']],
      ['El Dios que me ve', 1, 'Sermón sobre Agar en el desierto.', ['sermón', 'agar']],
      [
        'Matrimonio y finanzas',
        0,
        'Pablo y Andrea Luna hablan de presupuesto en pareja.',
        ['matrimonio', 'finanzas'],
      ],
      [
        '¿Por qué la iglesia sirve a la ciudad?',
        0,
        'Graciela Paz cuenta la historia de la olla de los jueves.',
        ['acción social'],
      ],
      [
        '¿Quién escribió los evangelios?',
        2,
        'Autores, fechas y por qué tenemos cuatro evangelios.',
        ['evangelios', 'preguntas'],
      ],
      [
        'Pascua: la resurrección lo cambia todo',
        1,
        'Sermón de la reunión de Pascua.',
        ['pascua', 'sermón'],
      ],
      [
        'Misiones en Bolivia',
        0,
        'Entrevista con la familia Acosta desde Cochabamba.',
        ['misiones', 'bolivia'],
      ],
      [
        'Oración: ¿por dónde empiezo?',
        2,
        'Preguntas de los oyentes sobre la vida de oración.',
        ['oración'],
      ],
    ],
  },
  paragraphs: {
    news: [
      'El equipo pastoral y decenas de voluntarios se prepararon durante semanas para cuidar cada detalle. Todos son bienvenidos, miembros y visitantes.',
      'Si querés ayudar, acercate a la mesa de informes en el hall después de cualquier reunión o llamá a la secretaría al (11) 4000-0000, de martes a viernes.',
      'Te pedimos que llegues unos minutos antes. Habrá equipo de bienvenida en cada puerta y la sala de niños funcionará durante toda la actividad.',
      'Gracias a cada persona que dio su tiempo, sus recursos y su oración. Nada de esto sería posible sin una iglesia que entiende que servir a la ciudad es parte de su llamado.',
      'Las fotos y los videos estarán en las redes de la iglesia en los próximos días. Compartilos con quienes amás e invitá a tus amigos.',
      '¿Tenés dudas? Escribinos a contato@esperanza.demo y te respondemos en dos días hábiles.',
    ],
    devotional: [
      'Empezá leyendo el pasaje despacio, dos o tres veces. Fijate en las palabras que se repiten y preguntate: ¿qué me muestra de Dios? ¿Qué me muestra de mí?',
      'Muchas veces queremos respuestas rápidas, pero Dios prefiere darnos su presencia. No tiene apuro en formarnos, porque nos ama demasiado para dejarnos como estamos.',
      'Tal vez hoy estés cansado. No hace falta fingir fuerza. La invitación del evangelio empieza justamente con los cansados y cargados.',
      'Pensá en una persona a la que puedas llevarle esta palabra hoy: un mensaje, una llamada, un mate. La fe crece cuando se comparte.',
      'Terminá este momento en oración, con tus propias palabras. Agradecé por algo concreto, confesá lo que te pesa y pedí dirección para el próximo paso.',
      'La Escritura no fue escrita solo para ser admirada, sino para ser obedecida. Elegí una actitud práctica para vivir hoy lo que leíste.',
    ],
    general: [
      'Este trabajo empezó con pocas personas y mucha disposición. Hoy, decenas de voluntarios dedican su tiempo cada semana para que suceda.',
      'Creemos que cada persona tiene dones dados por Dios para servir. Si querés ser parte, no necesitás experiencia: te enseñamos y caminamos juntos.',
      'Nos encontramos en la sede de Av. Santa Fe y en casas de miembros por toda la ciudad. La participación es gratuita.',
      'A lo largo del año seguimos los resultados y rendimos cuentas a la iglesia en asamblea, con transparencia sobre recursos y personas alcanzadas.',
      'Para sumarte, hablá con un líder después de cualquier reunión o dejá tus datos en la secretaría. Nos encantará conocerte.',
      'El material lo prepara el equipo pastoral y se revisa cada trimestre, siempre basado en las Escrituras y atento a las preguntas reales de nuestra comunidad.',
    ],
  },
  headings: [
    'Qué esperar',
    'Cómo participar',
    'Para reflexionar',
    'Próximos pasos',
    'Un poco de historia',
  ],
  verses: [
    '“Vengan a mí todos ustedes que están cansados y agobiados, y yo les daré descanso.” — Mateo 11:28',
    '“El Señor es mi luz y mi salvación; ¿a quién temeré?” — Salmos 27:1',
    '“Busquen primeramente el reino de Dios y su justicia.” — Mateo 6:33',
    '“Todo lo puedo en Cristo que me fortalece.” — Filipenses 4:13',
  ],
};
