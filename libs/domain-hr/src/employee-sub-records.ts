import { z } from 'zod';
import { codedValues, ISO_DATE, valuesOf } from '@campus/domain-core';

/**
 * The other sections of the personal data sheet (CS Form 212), kept with the employee and saved through
 * `/core/v1.0/hris/update-employee-…` (spec §7). Each schema is the section's whole content: saving replaces it.
 */

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), text(max).nullable().optional());
const isoDate = z
  .string()
  .regex(ISO_DATE, 'Enter a date as yyyy-mm-dd.')
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Enter a real date.');
const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullable().optional());
const year = z
  .number()
  .int('Enter a year.')
  .min(1900, 'Enter a year from 1900.')
  .max(2100, 'Enter a year up to 2100.');
const name = z.object({
  lastName: text(100).min(1, 'Required'),
  firstName: text(100).min(1, 'Required'),
  middleName: optionalText(100),
  nameExtension: optionalText(10),
});

/** `to` must not be before `from` (dates as yyyy-mm-dd, or years). */
function inOrder<T extends { from?: string | number | null; to?: string | number | null }>(
  entry: T,
  ctx: z.RefinementCtx,
) {
  if (entry.from != null && entry.to != null && entry.to < entry.from) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['to'],
      message: 'The end cannot be before the start.',
    });
  }
}

/** PDS II, family background: spouse, parents and children. */
export const EmployeeFamilySchema = z.object({
  spouse: name
    .extend({
      occupation: optionalText(100),
      employer: optionalText(200),
      businessAddress: optionalText(300),
      telephoneNumber: optionalText(30),
    })
    .nullable()
    .optional(),
  father: name.nullable().optional(),
  /** The mother's maiden name. */
  mother: name.omit({ nameExtension: true }).nullable().optional(),
  children: z
    .array(z.object({ fullName: text(200).min(1, 'Required'), birthDate: optionalDate }))
    .max(30)
    .default([]),
});
export type EmployeeFamily = z.infer<typeof EmployeeFamilySchema>;

export const educationLevelOptions = codedValues([
  ['ELEMENTARY', 'Elementary'],
  ['SECONDARY', 'Secondary'],
  ['VOCATIONAL', 'Vocational / trade course'],
  ['COLLEGE', 'College'],
  ['GRADUATE', 'Graduate studies'],
] as const);

/** PDS III, educational background: one entry per school attended. */
export const EducationEntrySchema = z
  .object({
    level: z.enum(valuesOf(educationLevelOptions)),
    school: text(200).min(1, 'Required'),
    degreeCourse: optionalText(200),
    from: year.nullable().optional(),
    to: year.nullable().optional(),
    highestLevelUnitsEarned: optionalText(100),
    yearGraduated: year.nullable().optional(),
    honors: optionalText(200),
  })
  .superRefine(inOrder);
export const EmployeeEducationSchema = z.array(EducationEntrySchema).max(30);
export type EmployeeEducation = z.infer<typeof EmployeeEducationSchema>;

/** PDS IV, civil service eligibility: board and bar ratings, CSC examinations and the like. */
export const CivilServiceEntrySchema = z.object({
  eligibility: text(200).min(1, 'Required'),
  rating: z.number().min(0, 'At least 0.').max(100, 'At most 100.').nullable().optional(),
  examDate: optionalDate,
  examPlace: optionalText(200),
  licenseNumber: optionalText(50),
  licenseValidUntil: optionalDate,
});
export const EmployeeCivilServiceSchema = z.array(CivilServiceEntrySchema).max(30);
export type EmployeeCivilService = z.infer<typeof EmployeeCivilServiceSchema>;

/** PDS VI, voluntary work or involvement in civic, non-government, people or voluntary organisations. */
export const VoluntaryWorkEntrySchema = z
  .object({
    organization: text(300).min(1, 'Required'),
    from: isoDate,
    to: optionalDate,
    hours: z.number().min(0, 'At least 0.').max(100_000).nullable().optional(),
    position: optionalText(150),
  })
  .superRefine(inOrder);
export const EmployeeVoluntaryWorkSchema = z.array(VoluntaryWorkEntrySchema).max(50);
export type EmployeeVoluntaryWork = z.infer<typeof EmployeeVoluntaryWorkSchema>;

export const learningTypeOptions = codedValues([
  ['MANAGERIAL', 'Managerial'],
  ['SUPERVISORY', 'Supervisory'],
  ['TECHNICAL', 'Technical'],
  ['FOUNDATION', 'Foundation'],
] as const);

/** PDS VII, learning and development interventions (trainings, seminars) attended. */
export const LearningDevelopmentEntrySchema = z
  .object({
    title: text(300).min(1, 'Required'),
    from: isoDate,
    to: isoDate,
    hours: z.number().min(0, 'At least 0.').max(10_000),
    type: z.enum(valuesOf(learningTypeOptions)).nullable().optional(),
    conductedBy: optionalText(200),
  })
  .superRefine(inOrder);
export const EmployeeLearningDevelopmentSchema = z.array(LearningDevelopmentEntrySchema).max(200);
export type EmployeeLearningDevelopment = z.infer<typeof EmployeeLearningDevelopmentSchema>;

/** PDS VIII, other information: skills and hobbies, distinctions, memberships. */
export const EmployeeOtherInfoSchema = z.object({
  skillsAndHobbies: z.array(text(200).min(1)).max(50).default([]),
  nonAcademicDistinctions: z.array(text(300).min(1)).max(50).default([]),
  memberships: z.array(text(300).min(1)).max(50).default([]),
});
export type EmployeeOtherInfo = z.infer<typeof EmployeeOtherInfoSchema>;

/** Each sub-record with its title and the spec's update endpoint under `/core/v1.0/hris/`. */
export const employeeSubRecords = {
  family: { title: 'Family background', endpoint: 'update-employee-fam', schema: EmployeeFamilySchema },
  education: {
    title: 'Educational background',
    endpoint: 'update-employee-educ',
    schema: EmployeeEducationSchema,
  },
  civilService: {
    title: 'Civil service eligibility',
    endpoint: 'update-employee-civser',
    schema: EmployeeCivilServiceSchema,
  },
  voluntaryWork: {
    title: 'Voluntary work',
    endpoint: 'update-employee-volwork',
    schema: EmployeeVoluntaryWorkSchema,
  },
  learningDevelopment: {
    title: 'Learning and development',
    endpoint: 'update-employee-learndev',
    schema: EmployeeLearningDevelopmentSchema,
  },
  otherInfo: {
    title: 'Other information',
    endpoint: 'update-employee-otherinfo',
    schema: EmployeeOtherInfoSchema,
  },
} as const;
export type EmployeeSubRecordKind = keyof typeof employeeSubRecords;
