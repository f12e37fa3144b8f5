-- A search with many matches reads its page by walking the list's order instead of collecting every match: each sort
-- index of a table with the `list_search` column (migration 0026) now carries that column, so the walk tells a match
-- from the index alone, without visiting the table (an index-only scan). Decision 0043.
DROP INDEX IF EXISTS academic_breaks_end_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS academic_breaks_end_date_sort ON academic_breaks USING btree (end_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS academic_breaks_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS academic_breaks_name_sort ON academic_breaks USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS academic_breaks_start_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS academic_breaks_start_date_sort ON academic_breaks USING btree (start_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS academic_departments_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS academic_departments_code_sort ON academic_departments USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS academic_departments_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS academic_departments_name_sort ON academic_departments USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS academic_years_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS academic_years_code_sort ON academic_years USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS academic_years_from_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS academic_years_from_sort ON academic_years USING btree ("from", id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS academic_years_to_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS academic_years_to_sort ON academic_years USING btree ("to", id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS allowance_types_amount_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS allowance_types_amount_sort ON allowance_types USING btree (amount, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS allowance_types_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS allowance_types_code_sort ON allowance_types USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS allowance_types_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS allowance_types_name_sort ON allowance_types USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS announcements_publish_from_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS announcements_publish_from_sort ON announcements USING btree (publish_from, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS announcements_publish_to_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS announcements_publish_to_sort ON announcements USING btree (publish_to, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS announcements_title_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS announcements_title_sort ON announcements USING btree (title, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS applications_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS applications_code_sort ON applications USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS applications_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS applications_name_sort ON applications USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS appointments_appointment_status_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS appointments_appointment_status_sort ON appointments USING btree (appointment_status, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS appointments_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS appointments_name_sort ON appointments USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS calendar_events_end_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS calendar_events_end_date_sort ON calendar_events USING btree (end_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS calendar_events_start_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS calendar_events_start_date_sort ON calendar_events USING btree (start_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS calendar_events_title_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS calendar_events_title_sort ON calendar_events USING btree (title, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS campuses_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS campuses_code_sort ON campuses USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS campuses_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS campuses_name_sort ON campuses USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_alumni_consent_at_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_alumni_consent_at_sort ON chatbot_alumni USING btree (consent_at, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_alumni_graduation_year_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_alumni_graduation_year_sort ON chatbot_alumni USING btree (graduation_year, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_alumni_program_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_alumni_program_sort ON chatbot_alumni USING btree (program, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_personas_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_personas_name_sort ON chatbot_personas USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_responses_category_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_responses_category_sort ON chatbot_responses USING btree (category, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_responses_review_by_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_responses_review_by_sort ON chatbot_responses USING btree (review_by, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_responses_title_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_responses_title_sort ON chatbot_responses USING btree (title, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_subscribers_consent_at_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_subscribers_consent_at_sort ON chatbot_subscribers USING btree (consent_at, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_subscribers_first_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_subscribers_first_name_sort ON chatbot_subscribers USING btree (first_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS chatbot_subscribers_last_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chatbot_subscribers_last_name_sort ON chatbot_subscribers USING btree (last_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS colleges_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS colleges_code_sort ON colleges USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS colleges_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS colleges_name_sort ON colleges USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS courses_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS courses_code_sort ON courses USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS courses_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS courses_name_sort ON courses USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS deduction_types_amount_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS deduction_types_amount_sort ON deduction_types USING btree (amount, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS deduction_types_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS deduction_types_code_sort ON deduction_types USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS deduction_types_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS deduction_types_name_sort ON deduction_types USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS designations_category_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS designations_category_sort ON designations USING btree (category, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS designations_monthly_salary_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS designations_monthly_salary_sort ON designations USING btree (monthly_salary, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS designations_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS designations_name_sort ON designations USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS designations_slots_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS designations_slots_sort ON designations USING btree (slots, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS designations_vacant_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS designations_vacant_sort ON designations USING btree (vacant, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employee_education_level_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employee_education_level_sort ON employee_education USING btree (level, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employee_education_year_graduated_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employee_education_year_graduated_sort ON employee_education USING btree (year_graduated, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employee_eligibilities_eligibility_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employee_eligibilities_eligibility_sort ON employee_eligibilities USING btree (eligibility, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employee_eligibilities_exam_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employee_eligibilities_exam_date_sort ON employee_eligibilities USING btree (exam_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employee_family_last_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employee_family_last_name_sort ON employee_family USING btree (last_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employee_family_relation_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employee_family_relation_sort ON employee_family USING btree (relation, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employee_learning_from_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employee_learning_from_sort ON employee_learning USING btree ("from", id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employee_other_info_kind_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employee_other_info_kind_sort ON employee_other_info USING btree (kind, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employee_voluntary_work_from_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employee_voluntary_work_from_sort ON employee_voluntary_work USING btree ("from", id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employees_date_hired_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employees_date_hired_sort ON employees USING btree (date_hired, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employees_employee_number_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employees_employee_number_sort ON employees USING btree (employee_number, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employees_first_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employees_first_name_sort ON employees USING btree (first_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS employees_last_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employees_last_name_sort ON employees USING btree (last_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS enrolled_students_final_grade_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enrolled_students_final_grade_sort ON enrolled_students USING btree (final_grade, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS enrolled_students_year_level_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enrolled_students_year_level_sort ON enrolled_students USING btree (year_level, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS grace_periods_end_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS grace_periods_end_date_sort ON grace_periods USING btree (end_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS grace_periods_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS grace_periods_name_sort ON grace_periods USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS grace_periods_start_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS grace_periods_start_date_sort ON grace_periods USING btree (start_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS grade_release_dates_description_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS grade_release_dates_description_sort ON grade_release_dates USING btree (description, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS grade_release_dates_release_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS grade_release_dates_release_date_sort ON grade_release_dates USING btree (release_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS grading_systems_equivalent_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS grading_systems_equivalent_sort ON grading_systems USING btree (equivalent, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS grading_systems_max_grade_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS grading_systems_max_grade_sort ON grading_systems USING btree (max_grade, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS grading_systems_min_grade_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS grading_systems_min_grade_sort ON grading_systems USING btree (min_grade, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS grading_systems_scale_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS grading_systems_scale_sort ON grading_systems USING btree (scale, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS hr_departments_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS hr_departments_name_sort ON hr_departments USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS hr_schedules_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS hr_schedules_name_sort ON hr_schedules USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS instructors_employee_number_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS instructors_employee_number_sort ON instructors USING btree (employee_number, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS instructors_first_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS instructors_first_name_sort ON instructors USING btree (first_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS instructors_last_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS instructors_last_name_sort ON instructors USING btree (last_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS leave_credits_as_of_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS leave_credits_as_of_sort ON leave_credits USING btree (as_of, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS leave_credits_balance_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS leave_credits_balance_sort ON leave_credits USING btree (balance, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS leave_credits_type_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS leave_credits_type_code_sort ON leave_credits USING btree (type_code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS lwops_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS lwops_date_sort ON lwops USING btree (date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS modules_application_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS modules_application_code_sort ON modules USING btree (application_code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS modules_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS modules_code_sort ON modules USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS modules_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS modules_name_sort ON modules USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS profanity_words_kind_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS profanity_words_kind_sort ON profanity_words USING btree (kind, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS profanity_words_word_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS profanity_words_word_sort ON profanity_words USING btree (word, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS roles_application_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS roles_application_code_sort ON roles USING btree (application_code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS roles_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS roles_name_sort ON roles USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS rooms_building_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS rooms_building_sort ON rooms USING btree (building, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS rooms_capacity_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS rooms_capacity_sort ON rooms USING btree (capacity, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS rooms_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS rooms_code_sort ON rooms USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS rooms_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS rooms_name_sort ON rooms USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS salary_grades_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS salary_grades_name_sort ON salary_grades USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS salary_grades_salary_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS salary_grades_salary_sort ON salary_grades USING btree (salary, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS salary_grades_step_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS salary_grades_step_sort ON salary_grades USING btree (step, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS schedules_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS schedules_code_sort ON schedules USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS schedules_from_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS schedules_from_sort ON schedules USING btree ("from", id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS schedules_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS schedules_name_sort ON schedules USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS sections_available_slots_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sections_available_slots_sort ON sections USING btree (available_slots, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS sections_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sections_code_sort ON sections USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS sections_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sections_name_sort ON sections USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS sections_slot_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sections_slot_sort ON sections USING btree (slot, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS semesters_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS semesters_code_sort ON semesters USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS semesters_description_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS semesters_description_sort ON semesters USING btree (description, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS semesters_start_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS semesters_start_date_sort ON semesters USING btree (start_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS service_credits_as_of_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS service_credits_as_of_sort ON service_credits USING btree (as_of, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS service_credits_balance_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS service_credits_balance_sort ON service_credits USING btree (balance, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS service_credits_type_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS service_credits_type_code_sort ON service_credits USING btree (type_code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS service_records_designation_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS service_records_designation_sort ON service_records USING btree (designation, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS service_records_from_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS service_records_from_sort ON service_records USING btree ("from", id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS service_records_to_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS service_records_to_sort ON service_records USING btree ("to", id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS services_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS services_name_sort ON services USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS services_url_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS services_url_sort ON services USING btree (url, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS sla_policies_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sla_policies_code_sort ON sla_policies USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS sla_policies_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sla_policies_name_sort ON sla_policies USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS student_evaluations_end_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS student_evaluations_end_date_sort ON student_evaluations USING btree (end_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS student_evaluations_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS student_evaluations_name_sort ON student_evaluations USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS student_evaluations_start_date_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS student_evaluations_start_date_sort ON student_evaluations USING btree (start_date, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS students_first_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS students_first_name_sort ON students USING btree (first_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS students_last_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS students_last_name_sort ON students USING btree (last_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS students_student_number_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS students_student_number_sort ON students USING btree (student_number, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS subjects_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS subjects_code_sort ON subjects USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS subjects_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS subjects_name_sort ON subjects USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS subjects_units_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS subjects_units_sort ON subjects USING btree (units, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS support_categories_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS support_categories_code_sort ON support_categories USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS support_categories_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS support_categories_name_sort ON support_categories USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS support_categories_v2_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS support_categories_v2_code_sort ON support_categories_v2 USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS support_categories_v2_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS support_categories_v2_name_sort ON support_categories_v2 USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS support_categories_v2_sort_order_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS support_categories_v2_sort_order_sort ON support_categories_v2 USING btree (sort_order, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS support_offices_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS support_offices_code_sort ON support_offices USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS support_offices_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS support_offices_name_sort ON support_offices USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS support_teams_code_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS support_teams_code_sort ON support_teams USING btree (code, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS support_teams_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS support_teams_name_sort ON support_teams USING btree (name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS trainings_from_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS trainings_from_sort ON trainings USING btree ("from", id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS trainings_title_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS trainings_title_sort ON trainings USING btree (title, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS users_email_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_sort ON users USING btree (email, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS users_first_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_first_name_sort ON users USING btree (first_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS users_last_name_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_last_name_sort ON users USING btree (last_name, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS work_experiences_from_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS work_experiences_from_sort ON work_experiences USING btree ("from", id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS work_experiences_position_title_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS work_experiences_position_title_sort ON work_experiences USING btree (position_title, id) INCLUDE ("list_search");--> statement-breakpoint
DROP INDEX IF EXISTS work_experiences_to_sort;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS work_experiences_to_sort ON work_experiences USING btree ("to", id) INCLUDE ("list_search");
