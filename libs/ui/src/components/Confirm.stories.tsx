import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ConfirmPage, ConfirmSubmit, isConfirmed } from './Confirm.js';

/** A bulk action form: the submit asks first; what the form posted is shown under it. */
function BulkForm() {
  const [posted, setPosted] = useState<string | null>(null);
  return (
    <form
      method="post"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter);
        setPosted(new URLSearchParams(data as unknown as Record<string, string>).toString());
      }}
    >
      <input type="hidden" name="filter" value="isActive:true" />
      <ConfirmSubmit
        name="intent"
        value="set-inactive"
        variant="danger"
        title="Set 6,000 records inactive?"
        description="Every matching record will be set inactive. You can set them active again later."
        confirmLabel="Set inactive"
      >
        Set inactive for all 6,000 matching records
      </ConfirmSubmit>
      {posted === null ? null : (
        <output aria-label="Posted" style={{ display: 'block', overflowWrap: 'anywhere' }}>
          {posted}
        </output>
      )}
    </form>
  );
}

const meta = {
  title: 'Components/ConfirmSubmit',
  component: BulkForm,
  tags: ['autodocs'],
} satisfies Meta<typeof BulkForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** With JavaScript: the button opens the dialog; OK posts the form with `confirmed=yes`. */
export const Confirmed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Set inactive for all 6,000 matching records' }),
    );
    await expect(canvas.queryByLabelText('Posted')).toBeNull();
    const dialog = await body.findByRole('dialog', { name: 'Set 6,000 records inactive?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set inactive' }));
    const posted = await canvas.findByLabelText('Posted');
    const params = new URLSearchParams(posted.textContent ?? '');
    await expect(params.get('intent')).toBe('set-inactive');
    await expect(params.get('filter')).toBe('isActive:true');
    await expect(isConfirmed(params)).toBe(true);
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** Cancel closes the dialog and posts nothing. */
export const Cancelled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: /Set inactive for all/ }));
    const dialog = await body.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(canvas.queryByLabelText('Posted')).toBeNull();
  },
};

/** Without JavaScript the server answers an unconfirmed post with this page: OK posts the same fields confirmed. */
export const AsAPage: Story = {
  render: () => (
    <ConfirmPage
      headingLevel={2}
      title="Set 6,000 records inactive?"
      description="Every matching record will be set inactive. You can set them active again later."
      action="/batch/students"
      fields={[
        ['intent', 'set-inactive'],
        ['filter', 'isActive:true'],
      ]}
      confirmLabel="Set inactive"
      cancelHref="/batch/students"
      variant="danger"
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ok = canvas.getByRole('button', { name: 'Set inactive' });
    const form = ok.closest('form') as HTMLFormElement;
    await expect(form).toHaveAttribute('action', '/batch/students');
    const data = new FormData(form);
    await expect(data.get('intent')).toBe('set-inactive');
    await expect(isConfirmed(data)).toBe(true);
    await expect(canvas.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/batch/students');
  },
};

export const Phone: Story = { ...AsAPage, globals: { viewport: { value: 'phone', isRotated: false } } };
