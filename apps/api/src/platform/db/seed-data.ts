/** A small deterministic random source (mulberry32), so every seed produces the same university. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  /** A version-4-shaped UUID from this source. */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  return { next, int, pick, uuid };
}
export type RandomSource = ReturnType<typeof randomSource>;

export const FIRST_NAMES_FEMALE = [
  'Maria', 'Ana', 'Kristine', 'Angelica', 'Jasmine', 'Patricia', 'Camille', 'Nicole', 'Bea', 'Liza', 'Rowena',
  'Maricel', 'Joy', 'Cherry', 'Divina', 'Luzviminda', 'Rosario', 'Teresita', 'Analyn', 'Princess', 'Erlinda',
  'Mylene', 'Jocelyn', 'Grace', 'Hazel', 'Katherine', 'Rhea', 'Shiela', 'Trisha', 'Ysabel',
] as const;
export const FIRST_NAMES_MALE = [
  'Jose', 'Juan', 'Mark', 'John Paul', 'Christian', 'Angelo', 'Carlo', 'Paolo', 'Rommel', 'Ramon', 'Eduardo',
  'Ferdinand', 'Renato', 'Rodel', 'Jerome', 'Kenneth', 'Miguel', 'Rafael', 'Emmanuel', 'Noel', 'Arnel',
  'Danilo', 'Ernesto', 'Joshua', 'Aldrin', 'Bong', 'Dennis', 'Gilbert', 'Jayson', 'Vincent',
] as const;
export const SURNAMES = [
  'Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tomas', 'Andrada',
  'Castillo', 'Flores', 'Villanueva', 'Ramos', 'Castro', 'Rivera', 'Aquino', 'Navarro', 'Salazar', 'Mercado',
  'Dela Cruz', 'De Leon', 'Del Rosario', 'Gonzales', 'Lopez', 'Pascual', 'Manalo', 'Soriano', 'Aguilar',
  'Dizon', 'Macaraeg', 'Panganiban', 'Samonte', 'Tolentino', 'Valdez', 'Lacson', 'Magbanua', 'Evangelista',
  'Sarmiento', 'Gutierrez', 'Mangubat', 'Batungbakal', 'Dimaculangan', 'Malabanan', 'Pangilinan', 'Quizon',
  'Sison', 'Umali', 'Yap', 'Zamora',
] as const;
export const PLACES = [
  'Quezon City', 'Manila', 'Caloocan', 'Pasig', 'Taguig', 'Antipolo, Rizal', 'Calamba, Laguna', 'Santa Cruz, Laguna',
  'Lucena, Quezon', 'Batangas City', 'Lipa, Batangas', 'San Pablo, Laguna', 'Cavite City', 'Dasmariñas, Cavite',
] as const;

/** `YYYY-MM-DD` of a calendar date (UTC parts, so the result does not depend on the machine's time zone). */
function isoDate(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month, day));
  return d.toISOString().slice(0, 10);
}

type TermStatus = 'CLOSED' | 'OPEN' | 'UPCOMING';

export interface SeedAcademicYear {
  readonly code: string;
  readonly description: string;
  readonly from: number;
  readonly to: number;
  readonly default: boolean;
  readonly status: TermStatus;
}
export interface SeedSemester {
  readonly code: string;
  readonly description: string;
  /** Index into `years`. */
  readonly year: number;
  readonly startDate: string;
  readonly endDate: string;
  readonly default: boolean;
  readonly status: TermStatus;
}
export interface SeedDatedItem {
  readonly title: string;
  readonly description: string;
  readonly startDate: string;
  readonly endDate: string;
}

/** The demo university's calendar as of one day: what a newcomer opening the console that day should see. */
export interface AcademicCalendar {
  /** Last year (closed), the current one (open, default) and next year (upcoming). */
  readonly years: readonly SeedAcademicYear[];
  /** Three terms per year: first and second semester and the midyear term. */
  readonly semesters: readonly SeedSemester[];
  /** Index into `semesters` of the term under way (the last one started). */
  readonly currentSemester: number;
  /** Events of this month and the next. */
  readonly events: readonly (SeedDatedItem & { category: 'ACADEMIC' | 'ENROLLMENT' | 'EXAMINATION' | 'HOLIDAY' | 'DEADLINE' | 'EVENT' })[];
  /** Breaks in this month and the next. */
  readonly breaks: readonly SeedDatedItem[];
  /** Grade releases in this month and the next. */
  readonly gradeReleases: readonly { description: string; period: 'MIDTERM' | 'FINALS'; releaseDate: string }[];
}

/**
 * The academic calendar around `now` (Philippine state universities: the year opens in August with the first
 * semester, the second runs January to May, a midyear term in June and July). Every date is relative to `now`,
 * so the demo always shows the current year and semester, and events, breaks and grade releases in this month
 * and the next.
 */
export function academicCalendar(now: Date): AcademicCalendar {
  const y = now.getUTCFullYear();
  const today = isoDate(y, now.getUTCMonth(), now.getUTCDate());
  // The academic year begins with the first semester, on 11 August.
  const from = today >= isoDate(y, 7, 11) ? y : y - 1;
  const starts = [from - 1, from, from + 1];
  const terms = (start: number) => [
    { code: `1SEM-${start}`, description: `First Semester ${start}–${start + 1}`, startDate: isoDate(start, 7, 11), endDate: isoDate(start, 11, 19) },
    { code: `2SEM-${start}`, description: `Second Semester ${start}–${start + 1}`, startDate: isoDate(start + 1, 0, 12), endDate: isoDate(start + 1, 4, 22) },
    { code: `SUM-${start + 1}`, description: `Midyear Term ${start + 1}`, startDate: isoDate(start + 1, 5, 8), endDate: isoDate(start + 1, 6, 24) },
  ];
  const all = starts.flatMap((start, year) => terms(start).map((t) => ({ ...t, year })));
  const currentSemester = all.reduce((last, t, i) => (t.startDate <= today ? i : last), 0);
  const status = (i: number, current: number): TermStatus => (i < current ? 'CLOSED' : i === current ? 'OPEN' : 'UPCOMING');
  const years = starts.map((start, i) => ({
    code: `AY${start}-${start + 1}`,
    description: `Academic Year ${start}–${start + 1}`,
    from: start,
    to: start + 1,
    default: i === 1,
    status: status(i, 1),
  }));
  const semesters = all.map((t, i) => ({ ...t, default: i === currentSemester, status: status(i, currentSemester) }));

  const month = now.getUTCMonth();
  const day = (offset: number, d: number) => isoDate(y, month + offset, d);
  const monthName = (offset: number) => new Date(Date.UTC(y, month + offset, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const term = semesters[currentSemester]!.description;
  return {
    years,
    semesters,
    currentSemester,
    events: [
      { title: 'Faculty General Assembly', category: 'ACADEMIC', startDate: day(0, 4), endDate: day(0, 4), description: `Start-of-month meeting of all faculty, ${term}.` },
      { title: 'Midterm Examinations', category: 'EXAMINATION', startDate: day(0, 15), endDate: day(0, 19), description: `Midterm examinations for all undergraduate programs, ${term}.` },
      { title: 'Deadline for Adding and Dropping Subjects', category: 'DEADLINE', startDate: day(0, 23), endDate: day(0, 23), description: 'Last day to add or drop subjects without a grade of W.' },
      { title: 'University Foundation Day', category: 'EVENT', startDate: day(1, 9), endDate: day(1, 9), description: 'Anniversary programme at the Main Campus grounds.' },
      { title: 'Enrolment for the Next Term', category: 'ENROLLMENT', startDate: day(1, 16), endDate: day(1, 20), description: 'Online enrolment and advising for continuing students.' },
      { title: 'Final Examinations', category: 'EXAMINATION', startDate: day(1, 22), endDate: day(1, 26), description: `Final examinations, ${term}.` },
    ],
    breaks: [
      { title: `${monthName(0)} Long Weekend`, startDate: day(0, 26), endDate: day(0, 28), description: 'No classes; offices closed on the holiday.' },
      { title: 'Semestral Break', startDate: day(1, 27), endDate: day(2, 10), description: 'No classes between terms; offices open on working days.' },
    ],
    gradeReleases: [
      { description: `Release of midterm grades, ${term}`, period: 'MIDTERM', releaseDate: day(0, 25) },
      { description: `Release of final grades, ${term}`, period: 'FINALS', releaseDate: day(1, 28) },
    ],
  };
}
