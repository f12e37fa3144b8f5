import { useForm } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { MAX_ENROLMENT_PHOTOS, MIN_ENROLMENT_PHOTOS } from '@campus/domain-frs';
import { formatDate } from '@campus/formatters';
import { Button, Checkbox, FileDrop, Notice, ReferencePicker, RowTable, TextField } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { CameraCapture } from './CameraCapture';
import { APP_TITLE } from '../../lib/constants';
import type { action, loader } from './faces.server';

export const meta: MetaFunction = () => [{ title: `Face Registration · ${APP_TITLE}` }];

export default function FacesScreen() {
  const { faces, employees } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const isSubmitting = useNavigation().state === 'submitting';
  const [, fields] = useForm<{ employeeId: string; consent: string; consentGivenAt: string; consentNote: string; photos: File[] }>({
    lastResult: result?.result,
  });
  const errors = {
    employeeId: fields.employeeId.errors?.[0],
    consent: fields.consent.errors?.[0],
    consentGivenAt: fields.consentGivenAt.errors?.[0],
    consentNote: fields.consentNote.errors?.[0],
    photos: fields.photos.errors?.[0],
  };
  // A refused photo comes back by its place in the list (`photos[1]`).
  const photoErrors = Object.entries(fields.photos.allErrors).flatMap(([name, messages]) => {
    const index = /^photos\[(\d+)\]$/.exec(name)?.[1];
    return index === undefined ? [] : [[index, messages[0] ?? ''] as const];
  });
  return (
    <>
      <h1 className="cas-page-title">Face Registration</h1>
      <FormNotice notice={result?.notice} />
      <section className="cas-panel" aria-labelledby="enrol-title">
        <h2 id="enrol-title" style={{ marginTop: 0, fontSize: '1.125rem' }}>
          Enrol a face
        </h2>
        <p>
          Record the person&apos;s consent, then add {MIN_ENROLMENT_PHOTOS} to {MAX_ENROLMENT_PHOTOS} photos (JPEG or PNG, at most 5 MB each) showing
          only their face, looking at the camera, in good light. Enrolling again replaces the earlier photos.
        </p>
        <Form method="post" encType="multipart/form-data" noValidate>
          <div className="cas-field" data-invalid={errors.employeeId ? true : undefined}>
            <ReferencePicker label="Employee" name="employeeId" options={employees} noneLabel="Choose an employee" isRequired />
            {errors.employeeId ? <p className="cas-field__error">{errors.employeeId}</p> : null}
          </div>
          <div className="cas-field">
            <Checkbox name="consent" value="on" aria-describedby={errors.consent ? 'consent-error' : undefined}>
              The person has given written consent to the use of their face for attendance
            </Checkbox>
            {errors.consent ? (
              <p id="consent-error" className="cas-field__error">
                {errors.consent}
              </p>
            ) : null}
          </div>
          <TextField label="Consent given on" name="consentGivenAt" type="date" isRequired error={errors.consentGivenAt} />
          <TextField label="Consent note" name="consentNote" description="Where the signed consent form is kept." error={errors.consentNote} />
          <FileDrop
            id="photos"
            label="Photos"
            name="photos"
            accept="image/jpeg,image/png"
            capture="user"
            isMultiple
            description={`Choose ${MIN_ENROLMENT_PHOTOS} to ${MAX_ENROLMENT_PHOTOS} photos; on a phone or tablet the camera opens.`}
            error={errors.photos}
          />
          <CameraCapture inputId="photos" takeLabel="Take a photo" keep />
          {photoErrors.length > 0 ? (
            <ul className="cas-field__error" aria-label="Rejected photos">
              {photoErrors.map(([index, message]) => (
                <li key={index}>
                  Photo {index}: {message}
                </li>
              ))}
            </ul>
          ) : null}
          <Button type="submit" name="intent" value="enrol" isDisabled={isSubmitting}>
            Enrol
          </Button>
        </Form>
      </section>
      <section className="cas-panel" aria-labelledby="enrolled-title">
        <h2 id="enrolled-title" style={{ marginTop: 0, fontSize: '1.125rem' }}>
          Enrolled employees
        </h2>
        {faces.length === 0 ? (
          <Notice tone="info" title="Nobody is enrolled yet." />
        ) : (
          <RowTable
            caption="Enrolled employees"
            isCaptionHidden
            hasRowHeader
            rows={faces}
            rowKey={(f) => f._id}
            columns={[
              { key: 'name', header: 'Employee', cell: (f) => f.employeeName },
              { key: 'number', header: 'Number', noWrap: true, cell: (f) => f.employeeNumber },
              { key: 'photos', header: 'Photos', isNumeric: true, cell: (f) => f.photoCount },
              { key: 'consent', header: 'Consent given', noWrap: true, cell: (f) => formatDate(f.consentGivenAt) },
              { key: 'note', header: 'Consent note', isMinor: true, cell: (f) => f.consentNote },
              { key: 'enrolled', header: 'Enrolled', noWrap: true, cell: (f) => formatDate(f.updatedAt) },
              {
                key: 'actions',
                header: <span className="cas-visually-hidden">Actions</span>,
                cell: (f) => (
                  <Form method="post" className="cas-inline-form">
                    <input type="hidden" name="employeeId" value={f.employeeId} />
                    <Button type="submit" name="intent" value="delete" variant="secondary" aria-label={`Delete the face of ${f.employeeName}`}>
                      Delete
                    </Button>
                  </Form>
                ),
              },
            ]}
          />
        )}
      </section>
    </>
  );
}
