import { sql } from 'drizzle-orm';
import { campusModules } from '@campus/domain-campus';
import { HR_RECORDS_MODULE } from '@campus/domain-hr';
import { applications } from '@campus/domain-iam';
import type { Argon2Options } from '../../config.js';
import { rows, type Db } from './client.js';
import { insertRows, type SeedRecord } from './insert-rows.js';
import { insertAccount } from './users.js';
import { academicCalendar, FIRST_NAMES_FEMALE, FIRST_NAMES_MALE, PLACES, randomSource, SURNAMES, type RandomSource } from './seed-data.js';
import type { AreaModule } from '../area.js';
import { areaSegment, areasToMount } from '../areas.js';
import { areaRandom, orderSeedSteps, type DemoUniversity } from './seed-step.js';

/** The demo accounts, stated in the README. */
export const DEMO_PASSWORD = 'Campus!Demo2026';
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.edu', scopes: 'all eight applications, IAM administrator' },
  { email: 'registrar@example.edu', scopes: 'CAMPUS only: the academic modules (Registrar role), not HR records' },
] as const;

export interface SeedSummary {
  readonly [resource: string]: number;
}

/** True when no account exists yet: the demo seed runs only then. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*) as n from users`);
  return Number(row?.n ?? 0) === 0;
}

interface Person {
  firstName: string;
  middleName: string;
  lastName: string;
  gender: 'Male' | 'Female';
}

export function person(random: RandomSource): Person {
  const gender = random.next() < 0.5 ? 'Female' : 'Male';
  return {
    firstName: random.pick(gender === 'Female' ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE),
    middleName: random.pick(SURNAMES),
    lastName: random.pick(SURNAMES),
    gender,
  };
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '');

const COLLEGES = [
  {
    code: 'CAS', name: 'College of Arts and Sciences',
    departments: [
      { code: 'DNS', name: 'Department of Natural Sciences', programs: [['BSBIO', 'Bachelor of Science in Biology']] },
      { code: 'DLA', name: 'Department of Languages and Literature', programs: [['ABENG', 'Bachelor of Arts in English Language Studies']] },
    ],
  },
  {
    code: 'CEIT', name: 'College of Engineering and Information Technology',
    departments: [
      { code: 'DIT', name: 'Department of Information Technology', programs: [['BSIT', 'Bachelor of Science in Information Technology'], ['BSCS', 'Bachelor of Science in Computer Science']] },
      { code: 'DCE', name: 'Department of Civil Engineering', programs: [['BSCE', 'Bachelor of Science in Civil Engineering']] },
    ],
  },
  {
    code: 'CBA', name: 'College of Business Administration',
    departments: [
      { code: 'DACC', name: 'Department of Accountancy', programs: [['BSA', 'Bachelor of Science in Accountancy']] },
      { code: 'DMGT', name: 'Department of Management', programs: [['BSBA', 'Bachelor of Science in Business Administration']] },
    ],
  },
  {
    code: 'CTE', name: 'College of Teacher Education',
    departments: [
      { code: 'DEED', name: 'Department of Elementary Education', programs: [['BEED', 'Bachelor of Elementary Education']] },
      { code: 'DSED', name: 'Department of Secondary Education', programs: [['BSED', 'Bachelor of Secondary Education']] },
    ],
  },
] as const;

const SUBJECTS: readonly [string, string, 'LEC' | 'LAB' | 'LEC-LAB', number][] = [
  ['GE101', 'Understanding the Self', 'LEC', 3], ['GE102', 'Readings in Philippine History', 'LEC', 3],
  ['GE103', 'The Contemporary World', 'LEC', 3], ['GE104', 'Mathematics in the Modern World', 'LEC', 3],
  ['GE105', 'Purposive Communication', 'LEC', 3], ['GE106', 'Art Appreciation', 'LEC', 3],
  ['GE107', 'Science, Technology and Society', 'LEC', 3], ['GE108', 'Ethics', 'LEC', 3],
  ['GE109', 'Life and Works of Rizal', 'LEC', 3], ['PE101', 'Movement Enhancement', 'LEC', 2],
  ['NSTP1', 'National Service Training Program 1', 'LEC', 3], ['IT101', 'Introduction to Computing', 'LEC-LAB', 3],
  ['IT102', 'Computer Programming 1', 'LEC-LAB', 3], ['IT103', 'Computer Programming 2', 'LEC-LAB', 3],
  ['IT201', 'Data Structures and Algorithms', 'LEC-LAB', 3], ['IT202', 'Information Management', 'LEC-LAB', 3],
  ['IT203', 'Networking 1', 'LEC-LAB', 3], ['IT301', 'Web Systems and Technologies', 'LEC-LAB', 3],
  ['CS201', 'Discrete Structures', 'LEC', 3], ['CS301', 'Automata Theory and Formal Languages', 'LEC', 3],
  ['CE101', 'Engineering Drawing', 'LAB', 1], ['CE201', 'Statics of Rigid Bodies', 'LEC', 3],
  ['CE202', 'Fluid Mechanics', 'LEC-LAB', 3], ['BIO101', 'General Biology', 'LEC-LAB', 4],
  ['BIO201', 'Genetics', 'LEC-LAB', 4], ['ENG101', 'Introduction to Linguistics', 'LEC', 3],
  ['ENG201', 'Philippine Literature in English', 'LEC', 3], ['ACC101', 'Financial Accounting and Reporting', 'LEC', 3],
  ['ACC201', 'Intermediate Accounting 1', 'LEC', 3], ['ACC301', 'Auditing and Assurance Principles', 'LEC', 3],
  ['MGT101', 'Principles of Management', 'LEC', 3], ['MGT201', 'Human Resource Management', 'LEC', 3],
  ['MKT101', 'Principles of Marketing', 'LEC', 3], ['EDU101', 'The Child and Adolescent Learners', 'LEC', 3],
  ['EDU102', 'The Teaching Profession', 'LEC', 3], ['EDU201', 'Assessment in Learning 1', 'LEC', 3],
  ['EDU202', 'Facilitating Learner-Centered Teaching', 'LEC', 3], ['MATH201', 'Calculus 1', 'LEC', 4],
  ['MATH202', 'Calculus 2', 'LEC', 4], ['STAT101', 'Statistics and Probability', 'LEC', 3],
];

const WEIGHTS = { participation: 10, exam: 30, project: 10, activity: 10, quiz: 15, recitation: 10, assignment: 5, attendance: 10 };

export interface SeedDemoOptions {
  readonly argon2: Argon2Options;
  /** The day the database is created (now unless a test says otherwise). */
  readonly now?: Date;
  /** How many students (500 unless said otherwise). */
  readonly students?: number;
  /** The areas whose demo data follow the base (every area of the `areas/` folder unless a test says otherwise). */
  readonly areas?: readonly AreaModule[];
}

/**
 * The demo university, deterministic and fast (one transaction, multi-row inserts): the eight applications,
 * modules, roles and services; HR departments, designations and employees; two campuses with colleges,
 * departments, programs, subjects, rooms and schedules; three academic years with semesters; 50 instructors,
 * 500 students, sections and enrolments; and the two demo accounts. Then each area's own demo data (its manifest's
 * `seed`), in the order their `after` gives, in the same transaction.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedSummary> {
  const areas = await areasToMount(options.areas);
  const steps = orderSeedSteps(areas.flatMap((area) => (area.seed ? [{ area: areaSegment(area), step: area.seed }] : [])));
  const random = randomSource(2026);
  const id = random.uuid;
  const at = options.now ?? new Date();
  const counts: Record<string, number> = {};
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const putTx = async (resource: string, records: SeedRecord[]) => {
      await insertRows(tx, resource, records, at);
      counts[resource] = (counts[resource] ?? 0) + records.length;
    };

    // Access management.
    await putTx(
      'applications',
      applications().map((a) => ({ id: id(), code: a.code, name: a.name, description: a.description, applicationURL: `/app/${a.segment}` })),
    );
    // Campus Management's modules come from the domain (each campus and HR entity names its module); the
    // registrar's role grants the academic ones and not Human Resource Records.
    const academicModules = campusModules.map((m) => m.code);
    const modules = [
      ['USERS', 'Users', 'IAM', 'Users screens.'], ['ROLES', 'Roles', 'IAM', 'Roles screens.'],
      ...[...campusModules, HR_RECORDS_MODULE].map((m) => [m.code, m.name, m.applicationCode, m.description]),
      ['AUDIT', 'Audit Trails', 'REPORTS', 'Audit Trails screens.'], ['BROADCAST', 'Broadcasts', 'CHATBOT', 'Broadcasts screens.'],
    ].map(([code, name, applicationCode, description]) => ({ id: id(), code: code!, name: name!, applicationCode: applicationCode!, description: description! }));
    await putTx('modules', modules);
    const moduleIds = (app: string, codes?: readonly string[]) =>
      modules.filter((m) => m.applicationCode === app && (!codes || codes.includes(m.code))).map((m) => m.id);
    const registrarRole = id();
    await putTx('roles', [
      { id: id(), name: 'System Administrator', applicationCode: 'IAM', description: 'Manages accounts, roles and applications.', moduleIds: moduleIds('IAM') },
      { id: registrarRole, name: 'Registrar', applicationCode: 'CAMPUS', description: 'Maintains the academic structure, classes, students and the academic calendar.', moduleIds: moduleIds('CAMPUS', academicModules) },
      { id: id(), name: 'HR Officer', applicationCode: 'CAMPUS', description: 'Keeps employee records, attendance and credits.', moduleIds: moduleIds('CAMPUS', [HR_RECORDS_MODULE.code]) },
      { id: id(), name: 'Data Analyst', applicationCode: 'REPORTS', description: 'Reads the audit trail and reports.', moduleIds: moduleIds('REPORTS') },
    ]);
    await putTx('services', [
      { id: id(), name: 'Student Portal', url: 'https://portal.example.edu/', target: '_blank', description: 'Grades, schedules and enrolment for students.' },
      { id: id(), name: 'Learning Management System', url: 'https://lms.example.edu/', target: '_blank', description: 'Courses and class materials.' },
    ]);

    // Human resources: the offices and people behind the demo accounts.
    const offices = [
      ['Management Information Systems Office', 'Runs the university information systems.'],
      ['Office of the University Registrar', 'Keeps student records, enrolment and grades.'],
      ['Human Resource Management Office', 'Records, payroll and benefits.'],
    ].map(([name, description]) => ({ id: id(), name: name!, description: description! }));
    await putTx('hr-departments', offices);
    // Their monthly salary follows the salary grade table (seeded with the HR records below).
    const designations = [
      ['Information Systems Analyst III', 3, 2, offices[0]!.id, 'SG 19', 4],
      ['Registrar III', 2, 2, offices[1]!.id, 'SG 18', 3],
      ['Administrative Officer V', 2, 4, offices[2]!.id, 'SG 18', 1],
    ].map(([name, category, slots, departmentId, salaryGradeCode, salaryGradeStep]) => ({
      id: id(), name: name as string, category: category === 3 ? 2 : (category as number), slots: slots as number, vacant: 0,
      departmentId: departmentId as string, salaryGradeCode: salaryGradeCode as string, salaryGradeStep: salaryGradeStep as number,
      isManagerial: false, placeOfAssignment: 'Main Campus',
    }));
    await putTx('designations', designations);
    const adminEmployee = id();
    const registrarEmployee = id();
    await putTx('employees', [
      {
        id: adminEmployee, employeeNumber: 'EMP-2011-0042', firstName: 'Ramon', middleName: 'Santos', lastName: 'Bautista',
        sex: 'Male', civilStatus: 'Married', citizenship: 'Filipino', email: 'admin@example.edu', employeeType: 'PLANTILLA',
        appointmentStatus: 1, designationId: designations[0]!.id, departmentId: offices[0]!.id, dateHired: '2011-06-01',
      },
      {
        id: registrarEmployee, employeeNumber: 'EMP-2014-0107', firstName: 'Liza', middleName: 'Reyes', lastName: 'Mendoza',
        sex: 'Female', civilStatus: 'Single', citizenship: 'Filipino', email: 'registrar@example.edu', employeeType: 'PLANTILLA',
        appointmentStatus: 1, designationId: designations[1]!.id, departmentId: offices[1]!.id, dateHired: '2014-07-15',
      },
    ]);
    const adminId = await insertAccount(
      tx,
      { email: 'admin@example.edu', password: DEMO_PASSWORD, firstName: 'Ramon', middleName: 'Santos', lastName: 'Bautista',
        adminScopes: applications().map((a) => a.code), iamAdmin: true, employeeId: adminEmployee },
      options.argon2,
    );
    const registrar = await insertAccount(
      tx,
      { email: 'registrar@example.edu', password: DEMO_PASSWORD, firstName: 'Liza', middleName: 'Reyes', lastName: 'Mendoza',
        adminScopes: ['CAMPUS'], employeeId: registrarEmployee },
      options.argon2,
    );
    // New staff who have not yet replaced their temporary password, and an account locked by failed sign-ins
    // (the Access overview lists both). Their passwords are random: nobody signs in with them.
    const staff = [
      { email: 'm.villanueva@example.edu', firstName: 'Maricel', lastName: 'Villanueva', adminScopes: ['CAMPUS'], mustChangePassword: true },
      { email: 'j.soriano@example.edu', firstName: 'Jerome', lastName: 'Soriano', adminScopes: ['SUPPORT'], mustChangePassword: true },
      { email: 'r.aquino@example.edu', firstName: 'Rowena', lastName: 'Aquino', adminScopes: ['REPORTS'], mustChangePassword: false },
    ];
    for (const account of staff) {
      const userId = await insertAccount(tx, { ...account, password: `${id()}!Aa1` }, options.argon2);
      if (account.email === 'r.aquino@example.edu') {
        await tx.execute(sql`update users set failed_sign_ins = 5, locked_until = ${at.toISOString()}::timestamptz + interval '1 day' where id = ${userId}`);
      }
    }
    // The registrar holds the Registrar role: the academic modules of CAMPUS, not HR records.
    await tx.execute(sql`update users set role_ids = ${`{${registrarRole}}`}::uuid[] where id = ${registrar}`);
    counts.users = 2 + staff.length;

    // Campus structure.
    const campuses = [
      { id: id(), code: 'MAIN', name: 'Main Campus', address: 'Brgy. Bubukal, Santa Cruz, Laguna 4009', email: 'main@example.edu', contactNo: '(049) 501 0001', lat: 14.2619, long: 121.4113, isMain: true },
      { id: id(), code: 'SPC', name: 'San Pablo City Campus', address: 'Brgy. Del Remedio, San Pablo City, Laguna 4000', email: 'sanpablo@example.edu', contactNo: '(049) 562 0002', lat: 14.0683, long: 121.3256, isMain: false },
    ];
    await putTx('campuses', campuses);

    const instructors = Array.from({ length: 50 }, (_, i) => {
      const p = person(random);
      return {
        id: id(), employeeNumber: `FAC-${String(2001 + i)}`, firstName: p.firstName, middleName: p.middleName, lastName: p.lastName,
        contactNumber: `+63 9${random.int(10, 99)} ${random.int(100, 999)} ${random.int(1000, 9999)}`, isDean: i < 6, isChairPerson: i >= 6 && i < 20,
      };
    });
    await putTx('instructors', instructors);

    const colleges: SeedRecord[] = [];
    const departments: SeedRecord[] = [];
    const programs: (SeedRecord & { campusId: string; departmentId: string })[] = [];
    let dean = 0;
    let chair = 6;
    campuses.forEach((campus, c) => {
      const list = c === 0 ? COLLEGES : COLLEGES.slice(1, 3);
      for (const college of list) {
        const prefix = c === 0 ? '' : `${campus.code}-`;
        const collegeId = id();
        colleges.push({
          id: collegeId, code: `${prefix}${college.code}`, name: c === 0 ? college.name : `${college.name} (${campus.name})`,
          campusId: campus.id, email: `${slug(college.code)}${c === 0 ? '' : `.${slug(campus.code)}`}@example.edu`, deanId: instructors[dean++ % 6]!.id,
        });
        for (const department of college.departments) {
          const departmentId = id();
          departments.push({
            id: departmentId, code: `${prefix}${department.code}`, name: c === 0 ? department.name : `${department.name} (${campus.name})`,
            collegeId, campusId: campus.id, chairPersonId: instructors[6 + (chair++ % 14)]!.id,
          });
          for (const [code, name] of department.programs) {
            programs.push({ id: id(), code: `${prefix}${code}`, name, departmentId, campusId: campus.id });
          }
        }
      }
    });
    await putTx('colleges', colleges);
    await putTx('academic-departments', departments);
    await putTx('courses', programs);

    const subjects = SUBJECTS.map(([code, name, subjectType, units]) => ({
      id: id(), code, name, subjectType, units, departmentId: departments[random.int(0, departments.length - 1)]!.id,
      description: `${name}.`,
    }));
    await putTx('subjects', subjects);

    const rooms = campuses.flatMap((campus, c) =>
      Array.from({ length: c === 0 ? 14 : 8 }, (_, i) => {
        const floor = Math.floor(i / 4) + 1;
        const lab = i % 4 === 3;
        return {
          id: id(), code: `${campus.code}-${lab ? 'LAB' : 'RM'}${floor}0${(i % 4) + 1}`, name: `${lab ? 'Computer Laboratory' : 'Lecture Room'} ${floor}0${(i % 4) + 1}`,
          floor: ['1st', '2nd', '3rd', '4th'][floor - 1] ?? `${floor}th`, building: c === 0 ? 'Academic Building' : 'Main Building',
          campusId: campus.id, capacity: lab ? 40 : 50,
        };
      }),
    );
    await putTx('rooms', rooms);

    const slots = [['M', 'W', 'F'], ['T', 'TH'], ['S']] as const;
    const times = [['07:30:00', '09:00:00'], ['09:00:00', '10:30:00'], ['10:30:00', '12:00:00'], ['13:00:00', '14:30:00'], ['14:30:00', '16:00:00'], ['16:00:00', '17:30:00']] as const;
    const schedules = Array.from({ length: 24 }, (_, i) => {
      const days = slots[i % slots.length]!;
      const [from, to] = times[Math.floor(i / slots.length) % times.length]!;
      return {
        id: id(), code: `SCH-${String(i + 1).padStart(3, '0')}`, name: `${days.join('')} ${from.slice(0, 5)}–${to.slice(0, 5)}`,
        days: [...days], from, to, roomId: rooms[i % rooms.length]!.id, instructorId: instructors[i % instructors.length]!.id,
      };
    });
    await putTx('schedules', schedules);

    // The calendar around the day the database is created, so the demo lives in the present.
    const calendar = academicCalendar(at);
    const years = calendar.years.map((year) => ({ id: id(), ...year }));
    await putTx('academic-years', years);
    const semesters = calendar.semesters.map(({ year, ...semester }) => ({ id: id(), academicYearId: years[year]!.id, ...semester }));
    await putTx('semesters', semesters);
    const currentYear = years[1]!;
    const currentSemester = semesters[calendar.currentSemester]!;
    const inTerm = { academicYearId: currentYear.id, semesterId: currentSemester.id };
    await putTx(
      'calendar-events',
      calendar.events.map((e) => ({ id: id(), ...e })),
    );
    await putTx(
      'academic-breaks',
      calendar.breaks.map(({ title, ...b }) => ({ id: id(), name: title, ...b, ...inTerm })),
    );
    await putTx(
      'grade-release-dates',
      calendar.gradeReleases.map((g) => ({ id: id(), ...g, ...inTerm })),
    );

    const sections = Array.from({ length: 40 }, (_, i) => {
      const program = programs[i % programs.length]!;
      const subject = subjects[i % subjects.length]!;
      const schedule = schedules[i % schedules.length]!;
      const letter = String.fromCharCode(65 + Math.floor(i / programs.length));
      return {
        id: id(), code: `${program.code}-${subject.code}-${letter}`, name: `${program.code} 1-${letter} ${subject.name}`,
        courseId: program.id, subjectId: subject.id, roomId: schedule.roomId, scheduleId: schedule.id,
        instructorId: schedule.instructorId, semesterId: currentSemester.id, academicYearId: currentYear.id,
        departmentId: program.departmentId, campusId: program.campusId, term: currentSemester.description, daysMidterm: 36, daysFinals: 36,
        laboratory: subject.subjectType !== 'LEC', slot: 40, availableSlots: 40, ...WEIGHTS, participationOverall: 100, recitationOverall: 100,
        status: 'OPEN',
      };
    });
    // Sections still being prepared: no instructor, room or schedule assigned yet (the Campus overview lists them).
    const unstaffed: SeedRecord[] = sections.slice(0, 3).map((base) => ({
      ...base, id: id(), code: base.code.replace(/-A$/, '-X'), name: base.name.replace(' 1-A ', ' 1-X '),
      instructorId: null, roomId: null, scheduleId: null, status: 'DRAFT',
    }));
    await putTx('sections', [...sections, ...unstaffed]);

    const students = makeStudents(random, options.students ?? 500, 0, {
      campuses: campuses.map((c) => c.id),
      programs,
      colleges: new Map(departments.map((d) => [d.id, d.collegeId as string])),
      admittedYearId: currentYear.id,
      entryYear: currentYear.from,
      admittedSemesterId: semesters[3]!.id,
    });
    await putTx('students', students);

    const enrolments: SeedRecord[] = [];
    for (const [n, student] of students.entries()) {
      const own = sections.filter((s) => s.courseId === student.courseId);
      const chosen = (own.length ? own : sections).slice(0, 3);
      for (const section of chosen) {
        const graded = n % 5 === 0;
        enrolments.push({
          id: id(), studentId: student.id, sectionId: section.id, courseId: section.courseId, instructorId: section.instructorId,
          subjectId: section.subjectId, yearLevel: 1 + (n % 4), campusId: section.campusId, academicYearId: currentYear.id,
          semesterId: currentSemester.id, draft: !graded, graded, enrollmentStatus: 'ENROLLED', isDrop: false, isFinalGrade: false,
          ...(graded ? { midterm: random.int(75, 98), finals: random.int(75, 98) } : {}),
        });
      }
    }
    await putTx('enrolled-students', enrolments);

    // Each area's own demo data, on the base university.
    const university: DemoUniversity = {
      admin: { userId: adminId, employeeId: adminEmployee, name: 'Ramon Bautista' },
      registrar: { employeeId: registrarEmployee },
      campuses,
    };
    const count = (resource: string, added: number) => void (counts[resource] = (counts[resource] ?? 0) + added);
    for (const { area, step } of steps) {
      const own = areaRandom(area);
      await step.run({ db: tx, at, argon2: options.argon2, random: own, id: own.uuid, university, put: putTx, count });
    }
  });
  await db.execute(sql`vacuum analyze`);
  return counts;
}

export interface StudentContext {
  readonly campuses: readonly string[];
  readonly programs: readonly { id: string; campusId: string; departmentId: string }[];
  readonly colleges: ReadonlyMap<string, string>;
  readonly admittedYearId: string;
  readonly admittedSemesterId: string;
  /** The year the newest students entered (student numbers and ages count back from it). */
  readonly entryYear?: number;
}

/** Synthetic students numbered from `offset` (student numbers `2025-00001`, …), deterministic per source. */
export function makeStudents(random: RandomSource, count: number, offset: number, context: StudentContext) {
  return Array.from({ length: count }, (_, i) => {
    const n = offset + i + 1;
    const p = person(random);
    const program = context.programs[n % context.programs.length]!;
    const year = (context.entryYear ?? 2025) - (n % 4);
    return {
      id: random.uuid(),
      studentNumber: `${year}-${String(n).padStart(6, '0')}`,
      firstName: p.firstName,
      middleName: p.middleName,
      lastName: p.lastName,
      email: `${slug(p.firstName)}.${slug(p.lastName)}.${n}@students.example.edu`,
      contactNumber: `+63 9${random.int(10, 99)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
      gender: p.gender,
      civilStatus: 'Single',
      birthDate: `${year - 18}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      birthPlace: random.pick(PLACES),
      nationality: 'Filipino',
      religion: random.pick(['Roman Catholic', 'Iglesia ni Cristo', 'Islam', 'Born Again Christian', 'Seventh-day Adventist']),
      address: `${random.int(1, 999)} ${random.pick(['Rizal', 'Mabini', 'Bonifacio', 'Luna', 'Del Pilar'])} St., ${random.pick(PLACES)}`,
      campusId: program.campusId,
      collegeId: context.colleges.get(program.departmentId) ?? null,
      courseId: program.id,
      admittedAcademicYearId: context.admittedYearId,
      admittedSemesterId: context.admittedSemesterId,
      subjectIds: [],
    };
  });
}

