// Demo content in English (Grace Community Church, Austin).
import type { LanguageContent } from './types.ts';

export const en: LanguageContent = {
  categories: {
    noticia: ['Announcements', 'Events', 'Outreach', 'Missions'],
    devocional: ['Faith', 'Hope', 'Prayer', 'Family'],
    ministerio: ['Worship', 'Care', 'Mission', 'Generations'],
    ebd: ['Kids', 'Students', 'Adults'],
    estudo: ['Gospels', 'Letters', 'Old Testament'],
    video: ['Services', 'Teaching', 'Worship', 'Stories'],
    podcast: ['Conversations', 'Sermons', 'Q&A'],
  },
  authors: [
    'Pastor Mark Ellis',
    'Pastor Dana Ellis',
    'Communications Team',
    'Pastor Luis Herrera',
    'Rachel Kim',
  ],
  news: [
    [
      'Easter services: three times this year',
      1,
      'To welcome every family, Easter Sunday services will be at 8:00, 10:30 and 6:00 pm at the downtown campus.',
      ['easter', 'service', 'times'],
    ],
    [
      'Winter coat drive collects 2,400 coats',
      2,
      'Coats went to five Austin shelters before the first cold front of the season.',
      ['coat drive', 'donations'],
    ],
    [
      'Registration is open for Student Camp',
      1,
      'Four days at Camp Balcones with worship, Bible study, games and the lake. Spots are limited.',
      ['camp', 'students', 'registration'],
    ],
    [
      'New nursery opens on the second floor',
      0,
      'A bright, secure space for babies and toddlers, with a check-in station and a nursing room.',
      ['nursery', 'kids'],
    ],
    [
      'Our missionaries arrive in Thailand',
      3,
      'The Parker family begins language school in Chiang Mai this month.',
      ['missions', 'thailand'],
    ],
    [
      'Parking changes on Congress Avenue',
      0,
      'Starting in May, the partner garage with member parking moves to 2nd Street.',
      ['parking', 'announcement'],
    ],
    [
      'Free health fair serves 350 neighbors',
      2,
      'Doctors, nurses and volunteers offered screenings and follow-up care at no cost.',
      ['health fair', 'volunteers'],
    ],
    [
      'Women’s Conference draws 600',
      1,
      'Two days of talks, workshops and worship around the theme "Deep Roots".',
      ['women', 'conference'],
    ],
    [
      'Baptism Sunday on June 15',
      0,
      'If you want to be baptized, join the short class on Sundays at 9:00 am.',
      ['baptism', 'class'],
    ],
    [
      'After-school tutoring adds new groups',
      2,
      'Elementary students get help with reading and math twice a week.',
      ['tutoring', 'education', 'kids'],
    ],
    [
      'Missions Week brings guests from four continents',
      3,
      'Missionaries from Asia, Africa, Europe and Latin America share what God is doing.',
      ['missions', 'missions week'],
    ],
    [
      'Choir presents a Christmas concert at Zilker Park',
      1,
      'The free open-air concert is on Sunday, December 21, at 7:00 pm.',
      ['christmas', 'choir', 'concert'],
    ],
    [
      'Church office summer hours',
      0,
      'During July the office is open Tuesday to Friday, 10:00 am to 4:00 pm.',
      ['office', 'hours'],
    ],
  ],
  devotionals: [
    {
      entry: [
        'When faith feels small',
        0,
        'Jesus did not ask for a huge faith, but a real one, as small as a mustard seed.',
        ['faith', 'mustard seed'],
      ],
      ref: 'Matthew 17:20',
    },
    {
      entry: [
        'The Lord is my shepherd',
        1,
        'Psalm 23 reminds us we never walk alone, not even in the darkest valley.',
        ['psalm 23', 'shepherd'],
      ],
      ref: 'Psalm 23:1-4',
    },
    {
      entry: [
        'Praying without ceasing in a busy week',
        2,
        'Prayer does not need perfect silence: it fits in traffic, in line and in the kitchen.',
        ['prayer', 'routine'],
      ],
      ref: '1 Thessalonians 5:17',
    },
    {
      entry: [
        'A house built on the rock',
        3,
        'Strong families are not families without storms, but families with good foundations.',
        ['family', 'foundation'],
      ],
      ref: 'Matthew 7:24-25',
    },
    {
      entry: [
        'Waiting is not wasted time',
        1,
        'While we wait, God works in us what we cannot yet see.',
        ['hope', 'waiting', 'patience'],
      ],
      ref: 'Isaiah 40:31',
    },
    {
      entry: [
        'The Lord’s Prayer, line by line',
        2,
        'Jesus taught us to pray starting with the Father and ending with the Kingdom.',
        ['lord’s prayer', 'prayer'],
      ],
      ref: 'Matthew 6:9-13',
    },
    {
      entry: [
        'Faith that works',
        0,
        'James pushes us: real faith always finds hands and feet.',
        ['faith', 'works', 'james'],
      ],
      ref: 'James 2:17',
    },
    {
      entry: [
        'Honoring parents as adults',
        3,
        'The commandment still stands when children grow up, but it takes new shapes.',
        ['family', 'parents', 'honor'],
      ],
      ref: 'Ephesians 6:2-3',
    },
    {
      entry: [
        'New every morning',
        1,
        'Lamentations was written among ruins and still speaks of a faithfulness that never fails.',
        ['mercy', 'morning', 'faithfulness'],
      ],
      ref: 'Lamentations 3:22-23',
    },
    {
      entry: [
        'Anxiety and the peace that passes understanding',
        2,
        'Paul writes from prison about bringing everything to God with thanksgiving.',
        ['anxiety', 'peace', 'prayer'],
      ],
      ref: 'Philippians 4:6-7',
    },
    {
      entry: [
        'Abraham and the faith that leaves without a map',
        0,
        'Abraham went out not knowing where he was going; he only knew with whom.',
        ['abraham', 'faith', 'calling'],
      ],
      ref: 'Hebrews 11:8',
    },
    {
      entry: [
        'Children are a heritage from the Lord',
        3,
        'Parenting is sowing patiently what we will only see bloom years later.',
        ['children', 'parenting', 'family'],
      ],
      ref: 'Psalm 127:3',
    },
    {
      entry: [
        'A lamp to my feet',
        1,
        'The Word does not light the whole road at once, just the next step.',
        ['word', 'light', 'guidance'],
      ],
      ref: 'Psalm 119:105',
    },
  ],
  ministries: [
    {
      entry: [
        'Worship Team',
        0,
        'Musicians and singers who lead the church in worship at services and events.',
        ['worship', 'music'],
      ],
      leader: 'Jordan Hayes',
      projects: [
        {
          title: 'Grace School of Music',
          summary: 'Free guitar, keys and voice lessons for teenagers in our neighborhood.',
          goal: '100 students a semester',
        },
        {
          title: 'Live album "Deep Roots"',
          summary: 'Original songs recorded live and shared for free.',
          goal: '10 songs in 2025',
        },
      ],
    },
    {
      entry: [
        'Grace Kids',
        3,
        'Creative Bible teaching and safe care for children from birth to 5th grade.',
        ['kids', 'children'],
      ],
      leader: 'Megan Torres',
      projects: [
        {
          title: 'Vacation Bible School',
          summary: 'A week of Bible stories, crafts and games every July.',
          goal: '250 kids',
        },
      ],
    },
    {
      entry: [
        'Young Adults',
        3,
        'Ages 18 to 29 living out faith at school, at work and in the city.',
        ['young adults'],
      ],
      leader: 'Chris Nguyen',
      projects: [
        {
          title: 'Campus Bible studies',
          summary: 'Student-led Bible studies at UT Austin and ACC.',
          goal: '8 campuses',
        },
      ],
    },
    {
      entry: [
        'Community Outreach',
        2,
        'We serve Austin with food, health, education and friendship.',
        ['outreach', 'city', 'service'],
      ],
      leader: 'Denise Carter',
      projects: [
        {
          title: 'Thursday Supper',
          summary: 'A hot meal and conversation for neighbors experiencing homelessness.',
          goal: '200 meals a week',
        },
        {
          title: 'After-school tutoring',
          summary: 'Reading and math help for elementary students.',
          goal: '50 students',
        },
      ],
    },
    {
      entry: [
        'Global Missions',
        2,
        'We send and support missionaries across the U.S. and around the world.',
        ['missions', 'missionaries'],
      ],
      leader: 'Pastor Luis Herrera',
      projects: [
        {
          title: 'Chiang Mai church plant',
          summary: 'Supporting the Parker family as they plant a church in Thailand.',
          goal: '4 years of support',
        },
        {
          title: 'Border relief trips',
          summary: 'Yearly trips to serve families in the Rio Grande Valley.',
          goal: '2 trips a year',
        },
      ],
    },
    {
      entry: [
        'Prayer Team',
        0,
        'A team that prays for the church, the city and every request on the prayer wall.',
        ['prayer', 'intercession'],
      ],
      leader: 'Margaret Olsen',
      projects: [
        {
          title: 'Night of prayer',
          summary: 'A monthly evening of prayer open to everyone.',
          goal: '12 nights a year',
        },
      ],
    },
    {
      entry: [
        'Marriage Ministry',
        1,
        'Date nights, counseling and classes that strengthen marriages.',
        ['marriage', 'couples'],
      ],
      leader: 'Ben and Alicia Ward',
      projects: [
        {
          title: 'Pre-marriage course',
          summary: 'Eight sessions for engaged couples.',
          goal: '3 cohorts a year',
        },
      ],
    },
    {
      entry: [
        'Women of Grace',
        1,
        'Women of every age growing together in faith and friendship.',
        ['women'],
      ],
      leader: 'Pastor Dana Ellis',
      projects: [
        {
          title: 'Generations Tea',
          summary: 'Older and younger women meet for mentoring.',
          goal: '4 gatherings a year',
        },
      ],
    },
    {
      entry: [
        'Men’s Ministry',
        1,
        'Breakfasts, Bible studies and hands-on service for men.',
        ['men'],
      ],
      leader: 'Tom Bradley',
      projects: [
        {
          title: 'Fix-it Saturdays',
          summary: 'Small home repairs for seniors in our community.',
          goal: '40 homes a year',
        },
      ],
    },
    {
      entry: [
        'Media and Communications',
        2,
        'Photography, video, social media and livestreaming.',
        ['media', 'communications'],
      ],
      leader: 'Rachel Kim',
      projects: [
        {
          title: 'Livestream upgrade',
          summary: 'Cameras and volunteers to stream every service well.',
          goal: 'Every service',
        },
      ],
    },
    {
      entry: [
        'Guest Services',
        1,
        'The first faces you meet when you arrive on Sunday.',
        ['welcome', 'guests'],
      ],
      leader: 'Sam Patel',
      projects: [
        {
          title: 'Newcomers coffee',
          summary: 'Coffee after the service to meet first-time guests.',
          goal: 'Every Sunday',
        },
      ],
    },
    {
      entry: ['Senior Adults', 3, 'Fellowship, trips and care for those over 60.', ['seniors']],
      leader: 'Betty Morgan',
      projects: [
        {
          title: 'Home visits',
          summary: 'Weekly visits to members who cannot leave home.',
          goal: '50 visits a month',
        },
      ],
    },
  ],
  ebds: [
    {
      entry: [
        'Nursery',
        0,
        'Loving care and first songs for babies and toddlers.',
        ['nursery', 'babies'],
      ],
      teacher: 'Ms. Karen',
      time: 'Sundays, 9:00 am',
      place: 'Room 101',
      audience: 'Birth to 2',
    },
    {
      entry: [
        'Preschool',
        0,
        'Bible stories with puppets, songs and play dough.',
        ['preschool', 'stories'],
      ],
      teacher: 'Ms. Lisa',
      time: 'Sundays, 9:00 am',
      place: 'Room 102',
      audience: 'Ages 3 to 5',
    },
    {
      entry: [
        'Early Elementary',
        0,
        'Heroes of faith from the Old Testament.',
        ['elementary', 'heroes of faith'],
      ],
      teacher: 'Mr. David',
      time: 'Sundays, 9:00 am',
      place: 'Room 103',
      audience: 'Grades K to 2',
    },
    {
      entry: [
        'Upper Elementary',
        0,
        'The life of Jesus through the Gospels, with weekly challenges.',
        ['elementary', 'jesus'],
      ],
      teacher: 'Ms. Amy',
      time: 'Sundays, 9:00 am',
      place: 'Room 104',
      audience: 'Grades 3 to 5',
    },
    {
      entry: [
        'Middle School',
        1,
        'Identity, friendship and faith: honest talks about life.',
        ['middle school', 'identity'],
      ],
      teacher: 'Josh Reed',
      time: 'Sundays, 9:00 am',
      place: 'Room 201',
      audience: 'Grades 6 to 8',
    },
    {
      entry: [
        'High School',
        1,
        'Apologetics for teens: answers to hard questions.',
        ['high school', 'apologetics'],
      ],
      teacher: 'Kelsey Grant',
      time: 'Sundays, 9:00 am',
      place: 'Room 202',
      audience: 'Grades 9 to 12',
    },
    {
      entry: [
        'College and Career',
        1,
        'Calling, work and purpose in light of Scripture.',
        ['college', 'calling'],
      ],
      teacher: 'Chris Nguyen',
      time: 'Sundays, 9:00 am',
      place: 'Loft',
      audience: 'Ages 18 to 29',
    },
    {
      entry: [
        'Married Couples',
        2,
        'Communication, money and forgiveness in marriage.',
        ['couples', 'marriage'],
      ],
      teacher: 'Ben and Alicia Ward',
      time: 'Sundays, 9:00 am',
      place: 'Room 203',
      audience: 'Couples',
    },
    {
      entry: [
        'Starting Point',
        2,
        'The basics of the Christian life for newcomers.',
        ['newcomers', 'basics'],
      ],
      teacher: 'Pastor Mark Ellis',
      time: 'Sundays, 9:00 am',
      place: 'Room 204',
      audience: 'New members',
    },
    {
      entry: [
        'Bible Overview',
        2,
        'The story of the Bible from Genesis to Revelation in one year.',
        ['overview', 'bible'],
      ],
      teacher: 'Pastor Luis Herrera',
      time: 'Sundays, 9:00 am',
      place: 'Chapel',
      audience: 'Adults',
    },
    {
      entry: [
        'Doctrines of Grace',
        2,
        'Salvation, grace and growing in holiness, studied slowly.',
        ['doctrine', 'grace', 'theology'],
      ],
      teacher: 'Pastor Dana Ellis',
      time: 'Sundays, 9:00 am',
      place: 'Room 205',
      audience: 'Adults',
    },
    {
      entry: [
        'Baptism Class',
        2,
        'Preparation for everyone who wants to be baptized.',
        ['baptism'],
      ],
      teacher: 'Pastor Mark Ellis',
      time: 'Sundays, 9:00 am',
      place: 'Room 206',
      audience: 'Baptism candidates',
    },
    {
      entry: [
        'Seasoned Saints',
        2,
        'A study of the Psalms with coffee and conversation.',
        ['seniors', 'psalms'],
      ],
      teacher: 'Betty Morgan',
      time: 'Sundays, 9:00 am',
      place: 'Room 207',
      audience: 'Ages 60 and up',
    },
  ],
  publicationTypes: [
    ['Weekly bulletin', 'Announcements, calendar and prayer requests for the week.'],
    ['Sunday school quarterly', 'Quarterly lessons for Sunday school classes.'],
    ['Study guides', 'Material for the church’s classes and courses.'],
    ['Articles', 'Reflections written by our pastors and leaders.'],
  ],
  publications: [
    [
      'Bulletin — March, week 1',
      0,
      'The week’s calendar, birthdays and prayer requests.',
      ['bulletin', 'march'],
    ],
    [
      'Bulletin — March, week 2',
      0,
      'Student camp, the Lord’s Supper and office news.',
      ['bulletin', 'march', 'communion'],
    ],
    [
      'Bulletin — March, week 3',
      0,
      'Coat drive, baptism class and the greeter schedule.',
      ['bulletin', 'coat drive'],
    ],
    [
      'Bulletin — March, week 4',
      0,
      'Women’s conference and the missions report.',
      ['bulletin', 'missions'],
    ],
    [
      'Quarterly — Q1: Genesis',
      1,
      'Thirteen lessons on creation, the fall and God’s promises.',
      ['quarterly', 'genesis'],
    ],
    [
      'Quarterly — Q2: Acts',
      1,
      'The early church and the spread of the gospel.',
      ['quarterly', 'acts'],
    ],
    [
      'Quarterly — Q3: Psalms',
      1,
      'Learning to pray with Israel’s prayer book.',
      ['quarterly', 'psalms'],
    ],
    [
      'Study guide — Pre-marriage course',
      2,
      'All eight sessions of the pre-marriage course.',
      ['study guide', 'marriage'],
    ],
    [
      'Study guide — Foundations of Faith',
      2,
      'The basic teachings of the Christian faith for new members.',
      ['study guide', 'foundations'],
    ],
    [
      'Study guide — Money with Purpose',
      2,
      'Budgeting, debt and generosity in light of the Bible.',
      ['study guide', 'money'],
    ],
    [
      'Why we still sing hymns',
      3,
      'On the memory and doctrine kept in old hymns.',
      ['article', 'hymns', 'worship'],
    ],
    [
      'The church and the city',
      3,
      'What it means to seek the peace of the city where God has placed us.',
      ['article', 'city', 'jeremiah'],
    ],
    [
      'Rest is obedience',
      3,
      'The Sabbath as a gift and as resistance to hurry.',
      ['article', 'rest', 'sabbath'],
    ],
  ],
  studies: [
    {
      entry: [
        'The Word became flesh',
        0,
        'A small-group study of John 1: who is Jesus?',
        ['john', 'incarnation'],
      ],
      ref: 'John 1:1-18',
    },
    {
      entry: ['Nicodemus at night', 0, 'Born again: what did Jesus mean?', ['john', 'born again']],
      ref: 'John 3:1-21',
    },
    {
      entry: [
        'The woman at the well',
        0,
        'Jesus crosses barriers to offer living water.',
        ['john', 'living water'],
      ],
      ref: 'John 4:1-42',
    },
    {
      entry: ['The prodigal son', 0, 'Two lost sons and a father who runs.', ['luke', 'parable']],
      ref: 'Luke 15:11-32',
    },
    {
      entry: ['The good Samaritan', 0, 'Who is my neighbor?', ['luke', 'neighbor']],
      ref: 'Luke 10:25-37',
    },
    {
      entry: ['Justified by faith', 1, 'Romans 5 and peace with God.', ['romans', 'justification']],
      ref: 'Romans 5:1-11',
    },
    {
      entry: [
        'The fruit of the Spirit',
        1,
        'Galatians 5 and the character of Christ in us.',
        ['galatians', 'spirit'],
      ],
      ref: 'Galatians 5:16-26',
    },
    {
      entry: [
        'The armor of God',
        1,
        'Ephesians 6 and everyday spiritual battles.',
        ['ephesians', 'armor'],
      ],
      ref: 'Ephesians 6:10-18',
    },
    {
      entry: [
        'Joy in prison',
        1,
        'Philippians and contentment in every situation.',
        ['philippians', 'joy'],
      ],
      ref: 'Philippians 4:4-13',
    },
    {
      entry: ['Love in 1 Corinthians 13', 1, 'The more excellent way.', ['corinthians', 'love']],
      ref: '1 Corinthians 13',
    },
    {
      entry: [
        'Joseph and providence',
        2,
        'What people meant for evil, God meant for good.',
        ['genesis', 'joseph'],
      ],
      ref: 'Genesis 50:15-21',
    },
    {
      entry: [
        'Ruth and loyalty',
        2,
        'A foreigner in the family line of Jesus.',
        ['ruth', 'loyalty'],
      ],
      ref: 'Ruth 1',
    },
    {
      entry: ['David and Goliath', 2, 'Courage that comes from trusting God.', ['samuel', 'david']],
      ref: '1 Samuel 17',
    },
  ],
  videos: [
    {
      entry: [
        'Sunday service — The parable of the sower',
        0,
        'Pastor Mark Ellis on the four kinds of soil.',
        ['service', 'sower'],
      ],
      minutes: 47,
    },
    {
      entry: [
        'Sunday service — The God who sees',
        0,
        'Hagar in the wilderness and the God who sees us.',
        ['service', 'hagar'],
      ],
      minutes: 51,
    },
    {
      entry: [
        'Easter Sunday 2025',
        0,
        'The resurrection changes everything: the full service with communion.',
        ['easter', 'resurrection'],
      ],
      minutes: 72,
    },
    {
      entry: [
        'Teaching — Introduction to Acts',
        1,
        'Context, author and structure of the book of Acts.',
        ['teaching', 'acts'],
      ],
      minutes: 34,
    },
    {
      entry: [
        'Teaching — How to read the Psalms',
        1,
        'Kinds of psalms and how to pray them.',
        ['teaching', 'psalms'],
      ],
      minutes: 28,
    },
    {
      entry: [
        'Teaching — Parables of the Kingdom',
        1,
        'What the parables show us about God’s Kingdom.',
        ['teaching', 'parables'],
      ],
      minutes: 40,
    },
    {
      entry: [
        'Worship — Great Is Thy Faithfulness (live)',
        2,
        'Grace Worship at the "Deep Roots" recording night.',
        ['worship', 'live'],
      ],
      minutes: 6,
    },
    {
      entry: [
        'Worship — You Are Faithful (live)',
        2,
        'An original song recorded at our anniversary service.',
        ['worship', 'original'],
      ],
      minutes: 7,
    },
    {
      entry: [
        'Worship — Hymns medley',
        2,
        'Classic hymns arranged for strings and choir.',
        ['hymns', 'choir'],
      ],
      minutes: 11,
    },
    {
      entry: [
        'Story — Renee and the road out of depression',
        3,
        'How community and faith carried Renee through depression.',
        ['story', 'depression'],
      ],
      minutes: 9,
    },
    {
      entry: [
        'Story — From the street to the serving line',
        3,
        'Jerome tells how Thursday Supper changed his life.',
        ['story', 'outreach'],
      ],
      minutes: 10,
    },
    {
      entry: [
        'Story — Missionaries in Chiang Mai',
        3,
        'The Parker family on their first months in Thailand.',
        ['story', 'missions'],
      ],
      minutes: 13,
    },
    {
      entry: [
        'Young adults night — Purpose',
        0,
        'An evening of worship and teaching with Young Adults.',
        ['young adults', 'purpose'],
      ],
      minutes: 61,
    },
  ],
  podcast: {
    title: 'Grace Talks',
    description:
      'Weekly conversations about faith, the Bible and everyday life with the pastors of Grace Community Church.',
    author: 'Grace Community Church',
    episodes: [
      [
        'Welcome to Grace Talks',
        0,
        'Who we are, why we started this podcast and what’s ahead.',
        ['welcome'],
      ],
      [
        'Reading the Bible without quitting in Leviticus',
        2,
        'Practical tips to keep a reading plan all year.',
        ['bible', 'reading'],
      ],
      ['The parable of the sower', 1, 'Audio of Sunday’s sermon.', ['sermon', 'parable']],
      [
        'Can anxiety and faith live together?',
        0,
        'A conversation with counselor Helen Brooks about emotional health.',
        ['anxiety', 'mental health'],
      ],
      [
        'What is grace, anyway?',
        2,
        'We answer questions sent by listeners.',
        ['grace', 'questions'],
      ],
      ['The God who sees', 1, 'A sermon on Hagar in the wilderness.', ['sermon', 'hagar']],
      [
        'Marriage and money',
        0,
        'Ben and Alicia Ward on budgeting as a couple.',
        ['marriage', 'money'],
      ],
      [
        'Why does the church serve the city?',
        0,
        'Denise Carter tells the story of Thursday Supper.',
        ['outreach'],
      ],
      [
        'Who wrote the Gospels?',
        2,
        'Authors, dates and why we have four Gospels.',
        ['gospels', 'questions'],
      ],
      [
        'Easter: the resurrection changes everything',
        1,
        'The Easter Sunday sermon.',
        ['easter', 'sermon'],
      ],
      [
        'Missions in Thailand',
        0,
        'An interview with the Parker family from Chiang Mai.',
        ['missions', 'thailand'],
      ],
      ['Prayer: where do I start?', 2, 'Listener questions about the life of prayer.', ['prayer']],
      ['The prodigal son', 1, 'A sermon on Luke 15.', ['sermon', 'luke']],
    ],
  },
  paragraphs: {
    news: [
      'Our pastoral team and dozens of volunteers have been preparing for weeks to take care of every detail. Everyone is welcome, members and guests alike.',
      'If you would like to help, stop by the info desk in the lobby after any service or call the church office at (512) 555-0100, Tuesday through Friday.',
      'Please arrive a few minutes early. Greeters will be at every door and the kids’ rooms will be open for the whole program.',
      'Thank you to everyone who gave time, resources and prayer. None of this would be possible without a church that sees serving the city as part of its calling.',
      'Photos and videos will be on the church’s social media in the coming days. Share them with people you love and invite friends to join us.',
      'Questions? Write to contato@grace.demo and our team will answer within two business days.',
    ],
    devotional: [
      'Start by reading the passage slowly, two or three times. Notice the words that repeat and ask: what does this show me about God? What does it show me about myself?',
      'We often want quick answers, but God would rather give us his presence. He is in no hurry to form us, because he loves us too much to leave us as we are.',
      'Maybe you are tired today. You don’t have to pretend to be strong. The invitation of the gospel begins with the weary and burdened.',
      'Think of one person you could pass this word on to today: a text, a call, a coffee. Faith grows when it is shared.',
      'End this time in prayer, in your own words. Give thanks for one concrete thing, confess what weighs on you and ask for guidance for the next step.',
      'Scripture was not written only to be admired, but to be obeyed. Choose one practical way to live out what you read today.',
    ],
    general: [
      'This work began with a handful of people and a lot of willingness. Today, dozens of volunteers give their time every week to make it happen.',
      'We believe every person has God-given gifts to serve. If you want to be part of it, you don’t need experience: we will train you and walk alongside you.',
      'We meet at the downtown campus on Congress Avenue and in homes across Austin. Taking part is free.',
      'Throughout the year we track the results and report to the church at our members’ meeting, openly sharing resources used and people reached.',
      'To join, talk to a leader after any service or leave your details at the church office. We would love to meet you.',
      'The material is prepared by the pastoral team and reviewed every quarter, always grounded in Scripture and attentive to the real questions of our community.',
    ],
  },
  headings: [
    'What to expect',
    'How to take part',
    'To reflect on',
    'Next steps',
    'A bit of history',
  ],
  verses: [
    '“Come to me, all you who are weary and burdened, and I will give you rest.” — Matthew 11:28',
    '“The Lord is my light and my salvation — whom shall I fear?” — Psalm 27:1',
    '“But seek first his kingdom and his righteousness.” — Matthew 6:33',
    '“I can do all this through him who gives me strength.” — Philippians 4:13',
  ],
};
