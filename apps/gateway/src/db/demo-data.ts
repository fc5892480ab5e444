import type { LevelCode, StyleCode } from '@xdance/contract'

/** The demo studio. */
export const DEMO_ORG = {
  id: '10001',
  name: '炫舞空间 XDance Studio',
  intro: '成人零基础友好的舞蹈工作室：爵士、街舞、韩舞、芭蕾、中国舞、拉丁，小班教学，随约随上。',
  address: '上海市静安区南京西路 1266 号 5 楼',
  phone: '021-6288 0000',
  openHours: '周一至周五 11:00–22:00，周末 09:30–21:00',
  en: {
    name: 'XDance Studio',
    intro:
      'A dance studio for adult beginners: jazz, hip-hop, K-pop, ballet, Chinese dance and Latin, in small classes you book as you go.',
    address: '5F, 1266 West Nanjing Road, Jing’an District, Shanghai',
    openHours: 'Mon–Fri 11:00–22:00, weekends 09:30–21:00',
  },
}

/**
 * The demo customer's phone number: sign in with it to see seeded cards and bookings.
 *
 * @example
 * ```ts
 * import { DEMO_PHONE } from '@xdance/gateway'
 * await fetch(`${apiUrl}/auth/sms`, { method: 'POST', body: JSON.stringify({ phone: DEMO_PHONE, consent: TERMS_VERSION }) })
 * ```
 */
export const DEMO_PHONE = '13800138000'

/** The demo customer; the README names this phone number. */
export const DEMO_CUSTOMER = {
  id: 20001,
  phone: DEMO_PHONE,
  openId: 'o_demo_xdance_0001',
  nickname: '小舞',
}

/** The demo customer's child, a member of their family (her birth year is counted from today). */
export const DEMO_CHILD = { name: '小米', age: 5 }

/** The card products the demo studio sells (prices in fen). */
export const DEMO_PRODUCTS = [
  {
    name: '体验卡（1 次）',
    description: '新学员专享，任选一节课体验，每人限购一次',
    credits: 1,
    validDays: 30,
    priceFen: 3900,
    trial: true,
    en: { name: 'Trial (1 class)', description: 'For new students: any one class to try, once per person' },
  },
  {
    name: '10 次卡',
    description: '90 天内任选 10 节课',
    credits: 10,
    validDays: 90,
    priceFen: 88000,
    trial: false,
    en: { name: '10-class card', description: 'Any 10 classes within 90 days' },
  },
  {
    name: '20 次卡',
    description: '180 天内任选 20 节课，单次更划算',
    credits: 20,
    validDays: 180,
    priceFen: 158000,
    trial: false,
    en: { name: '20-class card', description: 'Any 20 classes within 180 days, the best price per class' },
  },
  {
    name: '家庭卡（20 次）',
    description: '全家共用：本人和家里的孩子都可以用这张卡约课，180 天内 20 节',
    credits: 20,
    validDays: 180,
    priceFen: 168000,
    trial: false,
    family: true,
    en: {
      name: 'Family card (20 classes)',
      description: 'Shared by the family: you and your children book on it, 20 classes within 180 days',
    },
  },
] as const

export interface DemoTeacher {
  id: number
  name: string
  styles: StyleCode[]
  bio: string
  /** The studio's English (name, bio). */
  en: { name: string; bio: string }
}

export const DEMO_TEACHERS: readonly DemoTeacher[] = [
  {
    id: 1,
    name: '林夏',
    styles: ['jazz', 'kpop'],
    bio: '爵士与韩舞编舞老师，擅长把复杂动作拆成好学的小节。',
    en: { name: 'Lin Xia', bio: 'Jazz and K-pop choreographer who breaks hard moves into easy steps.' },
  },
  {
    id: 2,
    name: '阿杰',
    styles: ['hiphop'],
    bio: '街舞十年，多次参加全国街舞大赛，课堂气氛轻松。',
    en: { name: 'A-Jie', bio: 'Ten years of hip-hop and many national battles; relaxed, fun classes.' },
  },
  {
    id: 3,
    name: '苏晴',
    styles: ['ballet'],
    bio: '芭蕾科班出身，注重基本功与体态，适合想改善站姿的你。',
    en: {
      name: 'Su Qing',
      bio: 'Conservatory-trained in ballet; technique and posture, for anyone who wants to stand taller.',
    },
  },
  {
    id: 4,
    name: '马可',
    styles: ['latin'],
    bio: '拉丁舞国家一级教师，恰恰、伦巴、桑巴都拿手。',
    en: { name: 'Marco', bio: 'National first-grade Latin teacher: cha-cha, rumba and samba.' },
  },
  {
    id: 5,
    name: '金敏',
    styles: ['kpop'],
    bio: '前练习生，热门舞曲还原度高，一节课学完一段副歌。',
    en: {
      name: 'Jin Min',
      bio: 'Former K-pop trainee: true-to-the-video choreography, a whole chorus in one class.',
    },
  },
  {
    id: 6,
    name: '白露',
    styles: ['chinese'],
    bio: '古典舞与民族舞老师，动作细腻优雅，讲究身韵。',
    en: {
      name: 'Bai Lu',
      bio: 'Classical and folk Chinese dance: delicate, graceful, all about breath and rhythm.',
    },
  },
]

export interface DemoCourse {
  /** The ages a children's course is for (absent: open to any age). */
  ages?: { min: number; max: number }
  title: string
  style: StyleCode
  level: LevelCode
  teacherId: number
  room: string
  capacity: number
  minutes: number
  description: string
  /** The studio's English (title, room, description). */
  en: { title: string; room: string; description: string }
}

export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    title: '爵士零基础入门',
    style: 'jazz',
    level: 'beginner',
    teacherId: 1,
    room: 'A 教室',
    capacity: 16,
    minutes: 60,
    description: '从律动和基本步伐开始，最后合成一段 30 秒的小组合。',
    en: {
      title: 'Jazz for Absolute Beginners',
      room: 'Room A',
      description: 'Start from grooves and basic steps, and finish with a 30-second combination.',
    },
  },
  {
    title: '街舞 Breaking 基础',
    style: 'hiphop',
    level: 'elementary',
    teacherId: 2,
    room: 'B 教室',
    capacity: 14,
    minutes: 90,
    description: 'Toprock、Footwork 入门，注意热身，穿运动鞋。',
    en: {
      title: 'Breaking Basics',
      room: 'Room B',
      description: 'Toprock and footwork for starters; warm up well and wear trainers.',
    },
  },
  {
    title: '成人芭蕾基训',
    style: 'ballet',
    level: 'beginner',
    teacherId: 3,
    room: 'C 教室',
    capacity: 12,
    minutes: 60,
    description: '把杆练习与地面拉伸，改善体态，无需基础。',
    en: {
      title: 'Adult Ballet Foundations',
      room: 'Room C',
      description: 'Barre work and floor stretches for better posture; no experience needed.',
    },
  },
  {
    title: '拉丁恰恰初级',
    style: 'latin',
    level: 'elementary',
    teacherId: 4,
    room: 'A 教室',
    capacity: 16,
    minutes: 60,
    description: '恰恰基本步与胯部动作，单人即可参加。',
    en: {
      title: 'Latin Cha-cha, Elementary',
      room: 'Room A',
      description: 'Cha-cha basic steps and hip action; come on your own.',
    },
  },
  {
    title: 'K-POP 热门舞曲',
    style: 'kpop',
    level: 'intermediate',
    teacherId: 5,
    room: 'B 教室',
    capacity: 20,
    minutes: 90,
    description: '每周一首热门舞曲，完整学完副歌并录制小视频。',
    en: {
      title: 'K-pop Hits',
      room: 'Room B',
      description: 'A hit song each week: learn the whole chorus and film a short video.',
    },
  },
  {
    title: '中国古典舞身韵',
    style: 'chinese',
    level: 'intermediate',
    teacherId: 6,
    room: 'C 教室',
    capacity: 12,
    minutes: 60,
    description: '提沉、冲靠、含腆，体会古典舞的呼吸与韵律。',
    en: {
      title: 'Chinese Classical Dance: Shenyun',
      room: 'Room C',
      description: 'Lift, sink, lean and curve: feel the breath and rhythm of classical dance.',
    },
  },
  {
    title: '爵士编舞进阶',
    style: 'jazz',
    level: 'advanced',
    teacherId: 1,
    room: 'A 教室',
    capacity: 14,
    minutes: 90,
    description: '有一年以上基础的同学，挑战完整编舞与表现力。',
    en: {
      title: 'Jazz Choreography, Advanced',
      room: 'Room A',
      description: 'For a year or more of experience: full choreography and expression.',
    },
  },
  {
    title: 'Hip-hop 律动训练',
    style: 'hiphop',
    level: 'beginner',
    teacherId: 2,
    room: 'B 教室',
    capacity: 18,
    minutes: 60,
    description: 'Bounce 与 Rock 两种律动，打好街舞的底子。',
    en: {
      title: 'Hip-hop Grooves',
      room: 'Room B',
      description: 'Bounce and rock, the two grooves every hip-hop dancer builds on.',
    },
  },
  {
    title: 'K-POP 精品小班',
    style: 'kpop',
    level: 'advanced',
    teacherId: 5,
    room: 'C 教室',
    capacity: 8,
    minutes: 75,
    description: '八人小班，老师逐个纠正动作细节。',
    en: {
      title: 'K-pop Small Group',
      room: 'Room C',
      description: 'Eight students at most, each corrected move by move.',
    },
  },
]

/**
 * The children's courses, at weekends at {@link DEMO_KIDS_TIME} beside the template: Saturday's for ages 4-6,
 * Sunday's for 7-12 (most studios teach children, and a parent books for them).
 */
export const DEMO_KIDS_COURSES: Readonly<Record<number, DemoCourse>> = {
  6: {
    ages: { min: 4, max: 6 },
    title: '少儿芭蕾启蒙（4-6 岁）',
    style: 'ballet',
    level: 'beginner',
    teacherId: 3,
    room: 'B 教室',
    capacity: 10,
    minutes: 45,
    description: '用游戏和音乐打开身体，练习站姿、脚位和小跳。家长可在门外等候。',
    en: {
      title: 'First Ballet for Ages 4-6',
      room: 'Room B',
      description:
        'Games and music to wake the body: posture, foot positions and little jumps. Parents wait outside.',
    },
  },
  0: {
    ages: { min: 7, max: 12 },
    title: '少儿街舞（7-12 岁）',
    style: 'hiphop',
    level: 'beginner',
    teacherId: 2,
    room: 'A 教室',
    capacity: 12,
    minutes: 60,
    description: '基础律动和地板动作，每月学会一支完整的小舞蹈。',
    en: {
      title: 'Hip-hop for Ages 7-12',
      room: 'Room A',
      description: 'Grooves and floor moves, one whole little dance each month.',
    },
  },
}

/** When the children's courses start, studio time. */
export const DEMO_KIDS_TIME = '17:00'

/** Class start times by day of the week (0 = Sunday): evenings on weekdays, all day at weekends. */
export const DEMO_SLOTS: Readonly<Record<number, readonly string[]>> = {
  0: ['10:00', '13:30', '15:30', '19:00'],
  1: ['12:00', '19:00', '20:45'],
  2: ['12:00', '19:00', '20:45'],
  3: ['12:00', '19:00', '20:45'],
  4: ['12:00', '19:00', '20:45'],
  5: ['12:00', '19:00', '20:45'],
  6: ['10:00', '13:30', '15:30', '19:00'],
}

export interface DemoArticle {
  title: string
  summary: string
  author: string
  tags: string[]
  daysAgo: number
  paragraphs: string[]
  /** The studio's English; absent where the studio wrote none (the Chinese is shown). */
  en?: { title: string; summary: string; author: string; paragraphs: string[] }
}

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    title: '零基础也能跳爵士：第一节课你需要准备什么',
    summary: '穿什么、提前多久到、跟不上怎么办，写给第一次走进舞蹈教室的你。',
    author: '林夏',
    tags: ['新手指南', '爵士'],
    daysAgo: 1,
    en: {
      title: 'Jazz from zero: what to bring to your first class',
      summary:
        'What to wear, when to arrive and what if you fall behind: for your first time in a dance studio.',
      author: 'Lin Xia',
      paragraphs: [
        'The most common worry before a first class is "will I keep up?". Beginner classes are made for you: the teacher breaks every move down slowly.',
        'Wear loose, breathable sportswear and clean indoor trainers; jazz shoes are welcome but need not be bought for the first class.',
        'Arrive ten minutes early, change, drink some water and warm up with the teacher. The warm-up prevents strains: never skip it.',
        'When you fall behind, get the rhythm of the feet first, then add the arms. After class you can watch the teacher’s breakdown videos again.',
      ],
    },
    paragraphs: [
      '第一次上舞蹈课，最常见的担心是“我会不会跟不上”。其实零基础课程就是为没有基础的你设计的，老师会把动作拆得很慢。',
      '穿着方面，选择宽松透气的运动服和一双干净的室内运动鞋即可；爵士课也可以穿爵士鞋，但第一节课不必急着购买。',
      '建议提前 10 分钟到达，换好衣服、喝点水，跟着老师完成热身。热身能帮你避免拉伤，千万不要跳过。',
      '跟不上的时候，先看清脚下的节奏，再补上手臂动作。下课后可以在小程序里回看老师发布的分解视频。',
    ],
  },
  {
    title: '暑期集训营开放报名：八周从入门到上台',
    summary: '每周三次课、结营汇报演出，名额有限，会员享专属优惠。',
    author: '炫舞空间',
    tags: ['活动', '集训营'],
    daysAgo: 3,
    en: {
      title: 'Summer intensive open: from first steps to the stage in eight weeks',
      summary: 'Three classes a week and a closing show; places are limited, with a members’ discount.',
      author: 'XDance Studio',
      paragraphs: [
        'This summer’s intensive runs for eight weeks in jazz, K-pop and hip-hop: three 90-minute classes a week.',
        'It closes with a show in a theatre: bring family and friends to your stage debut.',
        'Members can pay with card credits; ask at the front desk. Places are limited.',
      ],
    },
    paragraphs: [
      '今年的暑期集训营共八周，覆盖爵士、韩舞和街舞三个方向，每周三次课，每次 90 分钟。',
      '结营时我们会在剧场举办汇报演出，邀请家人朋友一起来看你的舞台首秀。',
      '会员报名可使用会员卡次数抵扣，详情请咨询前台。名额有限，报满即止。',
    ],
  },
  {
    title: '老师专访：阿杰和他的街舞十年',
    summary: '从街头 cypher 到舞蹈教室，阿杰聊聊他对“律动”的理解。',
    author: '编辑部',
    tags: ['老师专访', '街舞'],
    daysAgo: 6,
    en: {
      title: 'Meet the teacher: A-Jie’s ten years of hip-hop',
      summary: 'From street cyphers to the studio, A-Jie on what "groove" means to him.',
      author: 'Editors',
      paragraphs: [
        'A-Jie found hip-hop in a high-school club with no teacher, learning moves frame by frame from videotapes.',
        '"Groove is the foundation," he says. "Moves come with time, but first your body has to learn to listen to the music."',
        'He now teaches Breaking Basics and Hip-hop Grooves, and loves the smile of a student catching the beat for the first time.',
      ],
    },
    paragraphs: [
      '阿杰第一次接触街舞是在高中的社团，那时候没有老师，大家对着录像带一帧一帧地扒动作。',
      '“律动是街舞的底子，”他说，“动作可以慢慢学，但身体要先学会听音乐。”',
      '现在他在工作室带 Breaking 基础和 Hip-hop 律动两门课，最喜欢看到学员第一次跟上节拍时的笑容。',
    ],
  },
  {
    title: '会员卡使用说明：预约、取消与次数返还',
    summary: '一次讲清楚：怎么预约、什么时候可以取消、次数什么时候退回。',
    author: '炫舞空间',
    tags: ['会员须知'],
    daysAgo: 10,
    en: {
      title: 'Using your card: booking, cancelling and credits back',
      summary: 'All in one place: how to book, when you can cancel, and when credits come back.',
      author: 'XDance Studio',
      paragraphs: [
        'A booking uses the card that expires first and still has credits; each class takes one credit.',
        'Cancel more than 2 hours before the class and the credit goes straight back to its card; within 2 hours a booking cannot be cancelled.',
        'A full class cannot be booked: look at other classes at the same time, or the same style with another teacher.',
      ],
    },
    paragraphs: [
      '预约课程时会自动使用最早到期、且仍有剩余次数的会员卡，每节课消耗 1 次。',
      '课程开始前 2 小时以上取消，次数会立即退回到原会员卡；开课前 2 小时内不可取消。',
      '课程约满后无法再预约，可以关注同一时段的其他课程，或者选择其他老师的同风格课程。',
    ],
  },
  {
    title: '舞蹈前后的拉伸：五个动作保护你的膝盖',
    summary: '跳舞最容易受伤的是膝盖和脚踝，课前课后花五分钟做这五个动作。',
    author: '苏晴',
    tags: ['健康', '拉伸'],
    daysAgo: 14,
    paragraphs: [
      '第一个动作是靠墙静蹲：背部贴墙，膝盖不超过脚尖，保持 30 秒，重复三组。',
      '第二个动作是弓步拉伸大腿前侧，第三个是坐姿体前屈拉伸腿后侧，每侧保持 20 秒。',
      '第四、第五个动作分别针对小腿和脚踝：提踵练习和脚踝绕环。',
      '如果在跳舞时感到关节刺痛，请立即停止并告诉老师，不要勉强完成动作。',
    ],
  },
]
